// The Explain view's walk: how key uKey finds its element, read from the pyramid the frame
// built (whatever its layout: the compactor's view chunk before this one defines
// hp_view_total(level, texel), the sum of a texel of any level, level 0 the base).
// Fragment i of a (L+1)×1 target is step i of the walk, at level L − i: it walks down from
// the 1×1 top to that level as the traversal does and writes the texel it is in there.
//   target 0: texel x, texel y, the texel's sum, the first key of its range
//   target 1: its four children's sums in traversal order ((0,0), (1,0), (0,1), (1,1))
// A scan has no levels (uScanSize > 0): fragment 0 walks the tile's base texels in Morton
// order from uScanFirst and stops at the uKey-th active one (uKey: the key's place in the tile).
uniform highp uint uKey;
uniform int uTopLevel;       // L: the 1×1 level
uniform int uScanSize;       // 0: a pyramid; else the scan's tile, in base texels
uniform highp uint uScanFirst;  // the tile's first Morton index

layout(location = 0) out highp uvec4 oStep;
layout(location = 1) out highp uvec4 oChildren;

uvec4 children_of(int level, ivec2 t) {
    ivec2 c = 2 * t;
    return uvec4(hp_view_total(level - 1, c), hp_view_total(level - 1, c + ivec2(1, 0)),
                 hp_view_total(level - 1, c + ivec2(0, 1)), hp_view_total(level - 1, c + ivec2(1, 1)));
}

uint explain_compact(uint v) {  // the even bits of v, packed
    v &= 0x55555555u;
    v = (v | (v >> 1u)) & 0x33333333u;
    v = (v | (v >> 2u)) & 0x0f0f0f0fu;
    v = (v | (v >> 4u)) & 0x00ff00ffu;
    return (v | (v >> 8u)) & 0x0000ffffu;
}

void walk_tile() {
    oStep = uvec4(0u);
    oChildren = uvec4(0u);
    uint seen = 0u;
    for (int j = 0; j < uScanSize; ++j) {
        uint m = uScanFirst + uint(j);
        ivec2 t = ivec2(explain_compact(m), explain_compact(m >> 1u));
        if (hp_view_total(0, t) == 0u) continue;
        if (seen == uKey) {
            oStep = uvec4(uvec2(t), 1u, uint(j));  // the texel, its one key, its index in the tile
            return;
        }
        seen += 1u;
    }
}

void main() {
    int i = int(gl_FragCoord.x);
    if (uScanSize > 0) {
        if (i == 0) walk_tile();
        else oStep = oChildren = uvec4(0u);
        return;
    }
    int level = uTopLevel - i;
    ivec2 pos = ivec2(0);
    uint start = 0u;
    for (int l = uTopLevel; l > level; --l) {
        // The children's inclusive partial sums; the key goes on into the first whose end is past it.
        uvec4 s = children_of(l, pos);
        uvec3 ends = uvec3(start) + uvec3(s.x, s.x + s.y, s.x + s.y + s.z);
        int child = int(uKey >= ends.x) + int(uKey >= ends.y) + int(uKey >= ends.z);
        start = child == 0 ? start : child == 1 ? ends.x : child == 2 ? ends.y : ends.z;
        pos = 2 * pos + ivec2(child & 1, child >> 1);
    }
    oStep = uvec4(uvec2(pos), hp_view_total(level, pos), start);
    oChildren = level > 0 ? children_of(level, pos) : uvec4(0u);
}

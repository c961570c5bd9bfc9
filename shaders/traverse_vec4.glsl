// vec4 histopyramid traversal: one texel a level holds all four children's partial sums.
// The lowest level's partial sums are over base texels, so the base is never read.
uint hp_total() { return hp_level(ivec2(0), uTopLod).a; }

ivec2 hp_find(uint key) {
    ivec2 pos = ivec2(0);
    uint start = 0u;
    for (int lod = uTopLod; lod >= 0; --lod)
        pos = pos * 2 + hp_descend(key, start, hp_level(pos, lod).rgb);
    return pos;
}

// Scalar histopyramid traversal: at each level read three of the four children's sums
// (the fourth is implied) and descend into the child whose range holds the key.
uniform sampler2D uBase;     // the 0/1 base level

void main() {
    uint key = hp_key_or_discard(texelFetch(uPyramid, ivec2(0), uTopLod).r);
    ivec2 pos = ivec2(0);
    uint start = 0u;
    for (int lod = uTopLod - 1; lod >= 0; --lod) {
        pos *= 2;
        uint a = uint(texelFetch(uPyramid, pos, lod).r);
        uint b = uint(texelFetch(uPyramid, pos + ivec2(1, 0), lod).r);
        uint c = uint(texelFetch(uPyramid, pos + ivec2(0, 1), lod).r);
        pos += hp_descend(key, start, uvec3(a, a + b, a + b + c));
    }
    pos *= 2;
    uint a = uint(texelFetch(uBase, pos, 0).r);
    uint b = uint(texelFetch(uBase, pos + ivec2(1, 0), 0).r);
    uint c = uint(texelFetch(uBase, pos + ivec2(0, 1), 0).r);
    pos += hp_descend(key, start, uvec3(a, a + b, a + b + c));
    oEntry = hp_emit(pos);
}

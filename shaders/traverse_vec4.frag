// vec4 histopyramid traversal: one texel a level holds all four children's partial sums.
// The lowest level's partial sums are over base texels, so the base is never read.
void main() {
    uint key = hp_key_or_discard(texelFetch(uPyramid, ivec2(0), uTopLod).a);
    ivec2 pos = ivec2(0);
    uint start = 0u;
    for (int lod = uTopLod; lod >= 0; --lod) {
        uvec3 sums = uvec3(texelFetch(uPyramid, pos, lod).rgb);
        pos = pos * 2 + hp_descend(key, start, sums);
    }
    oEntry = hp_emit(pos);
}

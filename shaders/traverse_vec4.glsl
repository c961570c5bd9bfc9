// vec4 histopyramid traversal: one texel a level holds all four children's partial sums.
// The lowest level's partial sums are over base texels, so the base is never read.
uint hp_total() { return hp_level(ivec2(0), uTopLod).a; }

// The base texel key k lands on; `start` is the first key of that texel's range.
ivec2 hp_find_start(uint key, out uint start) {
    ivec2 pos = ivec2(0);
    start = 0u;
    for (int lod = uTopLod; lod >= 0; --lod)
        pos = pos * 2 + hp_descend(key, start, hp_level(pos, lod).rgb);
    return pos;
}

ivec2 hp_find(uint key) {
    uint start;
    return hp_find_start(key, start);
}

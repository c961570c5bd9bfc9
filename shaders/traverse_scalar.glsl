// Scalar histopyramid traversal: at each level read three of the four children's sums
// (the fourth is implied) and descend into the child whose range holds the key.
uint hp_total() { return hp_level(ivec2(0), uTopLod).r; }

// The base texel key k lands on; `start` is the first key of that texel's range (k − start:
// the key's index inside the texel, which holds more than one key in a pyramid over counts).
ivec2 hp_find_start(uint key, out uint start) {
    ivec2 pos = ivec2(0);
    start = 0u;
    for (int lod = uTopLod - 1; lod >= 0; --lod) {
        pos *= 2;
        uint a = hp_level(pos, lod).r, b = hp_level(pos + ivec2(1, 0), lod).r,
             c = hp_level(pos + ivec2(0, 1), lod).r;
        pos += hp_descend(key, start, uvec3(a, a + b, a + b + c));
    }
    pos *= 2;
    uint a = hp_base(pos), b = hp_base(pos + ivec2(1, 0)), c = hp_base(pos + ivec2(0, 1));
    return pos + hp_descend(key, start, uvec3(a, a + b, a + b + c));
}

ivec2 hp_find(uint key) {
    uint start;
    return hp_find_start(key, start);
}

// Shared by both traversals (after pyramid_format.glsl). A stream key walks from the top of
// the pyramid to the base texel whose key range holds it.
uniform int uTopLod;   // L-1: the 1×1 level
uniform uint uLimit;   // keys at or past this are not written (the expected-count mode)
uniform int uSize;     // S: stream texel (k mod S, k div S) holds key k

// Supplied by the caller's emit chunk: what to write for the base texel a key landed on.
vec4 hp_emit(ivec2 base_texel);

// One step down: `ends_rel` are the children's inclusive partial sums relative to `start`.
// Moves `start` past the ranges before the chosen child and returns the child's offset.
// The fourth sum is never needed: a key below the parent's end that is past three ranges
// lies in the fourth.
ivec2 hp_descend(uint key, inout uint start, uvec3 ends_rel) {
    uvec3 ends = uvec3(start) + ends_rel;
    int child = int(key >= ends.x) + int(key >= ends.y) + int(key >= ends.z);
    start = child == 0 ? start : child == 1 ? ends.x : child == 2 ? ends.y : ends.z;
    return ivec2(child & 1, child >> 1);
}

// Is key k written? Below the total (read from the pyramid's top, so exact whatever count
// the draw was sized with) and below the limit.
uint hp_total();
bool hp_key_written(uint key) { return key < hp_total() && key < uLimit; }

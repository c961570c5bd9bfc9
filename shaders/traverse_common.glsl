// Shared by both traversals. A stream texel's key is its row-major index; the traversal
// walks from the top of the pyramid to the base texel whose key range holds it.
uniform sampler2D uPyramid;  // levels 1..L of the pyramid as lods 0..L-1
uniform int uTopLod;         // L-1: the 1×1 level
uniform uint uLimit;         // keys at or past this are not written (the expected-count mode)

layout(location = 0) out vec4 oEntry;

// Supplied by the caller's emit chunk: what to write for the base texel a key landed on.
vec4 hp_emit(ivec2 base_texel);

// This fragment's key, or discard when it is past the total (read from the top level, so it
// is exact whatever count the scissor was sized with) or past the limit.
uint hp_key_or_discard(float total) {
    ivec2 f = ivec2(gl_FragCoord.xy);
    uint key = uint(f.y) * uint(textureSize(uPyramid, 0).x * 2) + uint(f.x);
    if (key >= uint(total) || key >= uLimit) discard;
    return key;
}

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

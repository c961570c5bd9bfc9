// Scalar histopyramid reduction, one level per pass: each texel is the sum of its four
// children in the level below. The caller limits uPyramid's lods to the level below, so the
// level being written is never sampled (no feedback loop).
uniform bool uBelowIsBase;

layout(location = 0) out HP_OUT oSum;

uint child(ivec2 p) { return uBelowIsBase ? hp_base(p) : hp_level(p, 0).r; }

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy) * 2;
    oSum = HP_STORE(uvec4(child(p) + child(p + ivec2(1, 0)) + child(p + ivec2(0, 1)) +
                          child(p + ivec2(1, 1))));
}

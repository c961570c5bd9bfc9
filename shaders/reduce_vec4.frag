// vec4 histopyramid reduction: each texel keeps the inclusive partial sums of its children
// (0,0), (1,0), (0,1), (1,1) as (a, a+b, a+b+c, a+b+c+d), so the traversal reads one texel a
// level instead of three. A texel's own total is its last component.
uniform bool uBelowIsBase;

layout(location = 0) out HP_OUT oPartialSums;

uint child(ivec2 p) { return uBelowIsBase ? hp_base(p) : hp_level(p, 0).a; }

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy) * 2;
    uint a = child(p), b = child(p + ivec2(1, 0)), c = child(p + ivec2(0, 1)), d = child(p + ivec2(1, 1));
    oPartialSums = HP_STORE(uvec4(a, a + b, a + b + c, a + b + c + d));
}

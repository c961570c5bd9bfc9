// vec4 histopyramid reduction: each texel keeps the inclusive partial sums of its children
// (0,0), (1,0), (0,1), (1,1) as (a, a+b, a+b+c, a+b+c+d), so the traversal reads one texel a
// level instead of three. The texel's own total is its .a.
uniform sampler2D uBelow;
uniform bool uBelowIsBase;  // the base holds its 0/1 in .r, pyramid texels their total in .a

layout(location = 0) out vec4 oPartialSums;

float child_total(ivec2 p) {
    vec4 t = texelFetch(uBelow, p, 0);
    return uBelowIsBase ? t.r : t.a;
}

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy) * 2;
    float a = child_total(p);
    float b = child_total(p + ivec2(1, 0));
    float c = child_total(p + ivec2(0, 1));
    float d = child_total(p + ivec2(1, 1));
    oPartialSums = vec4(a, a + b, a + b + c, a + b + c + d);
}

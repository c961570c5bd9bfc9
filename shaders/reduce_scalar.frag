// Scalar histopyramid reduction, one level per pass: each texel is the sum of its four
// children in the level below (the base holds 0/1). Sums stay integers below 2^24, so R32F
// holds them exactly for atlases up to 4096².
uniform sampler2D uBelow;   // the level below; the caller limits its lods to that one level

layout(location = 0) out vec4 oSum;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy) * 2;
    oSum = vec4(texelFetch(uBelow, p, 0).r + texelFetch(uBelow, p + ivec2(1, 0), 0).r +
                texelFetch(uBelow, p + ivec2(0, 1), 0).r + texelFetch(uBelow, p + ivec2(1, 1), 0).r);
}

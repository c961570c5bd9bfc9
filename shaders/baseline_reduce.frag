// The article's reduction as published: the previous level read through normalized texture
// coordinates (texture() with NEAREST sampling) four times, every channel holding the sum.
// Fixed: the article samples at texel corners, where NEAREST may pick either neighbour; the
// coordinates here are texel centres.
uniform sampler2D uPrevious;
uniform float uPreviousSize;  // texels per side of the level read

layout(location = 0) out vec4 oSum;

void main() {
    float k = 1.0 / uPreviousSize;
    vec2 uv = (floor(gl_FragCoord.xy) * 2.0 + 0.5) * k;
    float a = texture(uPrevious, uv).r;
    float b = texture(uPrevious, uv + vec2(k, 0.0)).r;
    float c = texture(uPrevious, uv + vec2(0.0, k)).r;
    float d = texture(uPrevious, uv + vec2(k, k)).r;
    oSum = vec4(a + b + c + d);
}

// The article's count readback: the 1×1 level's sum packed into an RGBA8 texel for a
// readPixels of bytes. Fixed: the article packs the float with fract() of scaled products,
// which loses its low bits; the count is an integer, so its four bytes are packed exactly.
uniform sampler2D uTop;

layout(location = 0) out vec4 oBytes;

void main() {
    uint n = uint(texture(uTop, vec2(0.5)).r);
    oBytes = vec4(uvec4(n, n >> 8, n >> 16, n >> 24) & 255u) / 255.0;
}

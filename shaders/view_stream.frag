// The compacted stream: key k is texel (k mod S, k div S). Each entry is colored by its
// voxel's position (x, y, z)/(X, Y, Z): the "rainbow line" that grows with the count. The panel
// shows the stream's first rows (uShown.y of them), stretched to the panel's height.
uniform sampler2D uStream;
uniform uint uCount;
uniform vec3 uDims;

void main() {
    vec2 lo, stride;
    footprint(lo, stride);
    ivec2 size = textureSize(uStream, 0);
    vec3 color = kEmpty;
    for (int j = 0; j < kGrid; ++j)
        for (int i = 0; i < kGrid; ++i) {
            ivec2 t = clamp(ivec2(lo + stride * vec2(i, j)), ivec2(0), size - 1);
            uint key = uint(t.y) * uint(size.x) + uint(t.x);
            if (key < uCount) color = 0.15 + 0.85 * texelFetch(uStream, t, 0).xyz / uDims;
        }
    oColor = vec4(color, 1.0);
}

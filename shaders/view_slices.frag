// The slice atlas view: each voxel's value in grey (the volume's range from black to white),
// voxels at or above iso tinted amber.
uniform vec2 uRange;  // the lowest value, 1 / (highest − lowest)

void main() {
    vec2 lo, stride;
    footprint(lo, stride);
    float sum = 0.0, above = 0.0;
    ivec2 size = textureSize(uAtlas, 0);
    for (int j = 0; j < kGrid; ++j)
        for (int i = 0; i < kGrid; ++i) {
            ivec2 t = clamp(ivec2(lo + stride * vec2(i, j)), ivec2(0), size - 1);
            ivec3 voxel;
            if (!voxel_of(t, voxel)) continue;  // tiles' margins and rows past the last slice: empty
            float v = texelFetch(uAtlas, t, 0).r;
            sum += (v - uRange.x) * uRange.y;
            above += v >= uIso ? 1.0 : 0.0;
        }
    float n = float(kGrid * kGrid);
    vec3 grey = vec3(0.08 + 0.8 * sum / n);
    oColor = vec4(mix(grey, vec3(1.0, 0.62, 0.15), 0.75 * above / n), 1.0);
}

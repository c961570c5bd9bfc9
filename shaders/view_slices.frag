// The slice atlas view: each voxel's value in grey (the volume's range from black to white),
// voxels at or above iso tinted amber. Where the surface is made in bricks (uBricks: their
// size), the voxels of bricks the first level left out are dimmed: the lit ones are what the
// second level compacts.
uniform vec2 uRange;  // the lowest value, 1 / (highest − lowest)
uniform int uBricks;                   // 0: no bricks; else B, voxels a brick side
uniform ivec3 uBrickGrid;              // bricks along each axis
uniform int uPreview;                  // the atlas holds every f-th voxel of the bricks' volume
uniform highp usampler2D uBrickFlags;  // gx × (gy·gz): 1 where the brick is active

void main() {
    vec2 lo, stride;
    footprint(lo, stride);
    float sum = 0.0, above = 0.0, lit = 0.0;
    ivec2 size = textureSize(uAtlas, 0);
    for (int j = 0; j < kGrid; ++j)
        for (int i = 0; i < kGrid; ++i) {
            ivec2 t = clamp(ivec2(lo + stride * vec2(i, j)), ivec2(0), size - 1);
            ivec3 voxel;
            if (!voxel_of(t, voxel)) continue;  // tiles' margins and rows past the last slice: empty
            float v = texelFetch(uAtlas, t, 0).r;
            sum += (v - uRange.x) * uRange.y;
            above += v >= uIso ? 1.0 : 0.0;
            if (uBricks > 0) {
                ivec3 b = min(voxel * uPreview / uBricks, uBrickGrid - 1);
                lit += float(texelFetch(uBrickFlags, ivec2(b.x, b.y + uBrickGrid.y * b.z), 0).r);
            }
        }
    float n = float(kGrid * kGrid);
    vec3 grey = vec3(0.08 + 0.8 * sum / n);
    vec3 c = mix(grey, vec3(1.0, 0.62, 0.15), 0.75 * above / n);
    oColor = vec4(uBricks > 0 ? mix(c * 0.3, c, lit / n) : c, 1.0);
}

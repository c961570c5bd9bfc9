// Shared by the three views: each draws one panel of the canvas showing a texture scaled to
// fit. A panel pixel covers a footprint of several texels; the views sample a small grid in
// it so that thin features (a one-row stream, a 1-texel active cell) never vanish.
uniform vec4 uPanel;    // x, y, width, height in framebuffer pixels (GL origin: bottom left)
uniform vec2 uShown;    // the texels the panel spans (width, height)

layout(location = 0) out vec4 oColor;

const int kGrid = 3;    // samples per axis in a footprint

// This pixel's footprint in texel coordinates, images the right way up (row 0 at the top):
// a kGrid² grid of sample points `lo + stride * (i, j)`. Along an axis where a pixel covers
// less than a texel the samples collapse onto one point.
void footprint(out vec2 lo, out vec2 stride) {
    vec2 uv = (gl_FragCoord.xy - uPanel.xy) / uPanel.zw;
    uv.y = 1.0 - uv.y;
    vec2 size = uShown / uPanel.zw;  // texels per pixel
    vec2 covers = step(1.0, size);
    stride = covers * size / float(kGrid);
    lo = uv * uShown - covers * 0.5 * (size - stride);
}

const vec3 kEmpty = vec3(0.06, 0.07, 0.09);

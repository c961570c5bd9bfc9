// The 3D view's label colours (classify=labels, color=label), a vertex chunk: texel i of
// uLabelColors (256 wide, row i / 256) holds the i-th label's value (ascending: the labels'
// order, app/core/mesh/label_set.h), its colour packed as r·65536 + g·256 + b (exact in a
// float), and 1 where it is shown. A vertex's label is its position's w.
uniform highp sampler2D uLabelColors;
uniform int uLabelCount;  // 0: no label map
// uColor (the Settings block, settings.glsl): the view's colour (surface.frag), 4 by label

// The colour of label l, alpha 0 where it is hidden; grey for a label the list does not hold.
vec4 label_color(float l) {
    int lo = 0, hi = uLabelCount - 1;
    while (lo < hi) {  // the first value at or above l
        int mid = (lo + hi) / 2;
        if (texelFetch(uLabelColors, ivec2(mid & 255, mid >> 8), 0).r < l) lo = mid + 1;
        else hi = mid;
    }
    vec4 t = texelFetch(uLabelColors, ivec2(lo & 255, lo >> 8), 0);
    if (uLabelCount == 0 || t.r != l) return vec4(0.8, 0.8, 0.8, 1.0);
    float c = t.g;
    return vec4(floor(c / 65536.0), mod(floor(c / 256.0), 256.0), mod(c, 256.0), 255.0 * t.b) / 255.0;
}

// Where the view colours by label: the vertex's colour, and a hidden label's vertex moved
// past the clip volume (its triangles are not drawn).
vec4 label_vertex_color(float l, inout vec4 clip) {
    if (uColor != 4) return vec4(1.0);
    vec4 c = label_color(l);
    if (c.a == 0.0) clip = vec4(2.0, 2.0, 2.0, 1.0);
    return c;
}

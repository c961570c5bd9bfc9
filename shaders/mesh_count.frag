// The mesh's first pass: each texel's cell gets its vertex count (r), the base of the pyramid
// over counts (its top is the number of vertices, as in HPMC), and its case (g), which the
// extraction reads instead of the cell's eight corners. Texels outside the volume hold 0.
layout(location = 0) out vec4 oCount;

void main() {
    ivec3 v;
    oCount = vec4(0.0);
    if (!voxel_of(ivec2(gl_FragCoord.xy), v)) return;
    if (uClassify == 2) {  // labels: the voxel's faces between labels (g), 6 vertices a face
        int mask = label_faces(v);
        oCount = vec4(float(label_vertex_count(mask)), float(mask), 0.0, 0.0);
        return;
    }
    if (any(greaterThanEqual(v, uDims - 1))) return;
    int c = cell_case(v);  // cells on the far faces have no eighth corner: 0 above
    oCount = vec4(float(mc_vertex_count(c)), float(c), 0.0, 0.0);
}

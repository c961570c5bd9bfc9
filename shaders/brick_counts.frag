// The bricked surface's first pass (after mc_tables.glsl and brick_cells.glsl): each base
// texel's cell gets its vertex count (r), the base of the pyramid over counts, and its case (g),
// as mesh_count.frag does for the unbricked base (labels: 6 a face toward another label, and
// the face mask).
layout(location = 0) out vec4 oCount;

void main() {
    ivec3 cell;
    int c;
    if (!brick_cell(ivec2(gl_FragCoord.xy), cell, c)) oCount = vec4(0.0);
    else oCount = vec4(uLabels != 0 ? float(label_vertex_count(c)) : float(mc_vertex_count(c)), float(c), 0.0, 0.0);
}

// A cell's vertex count read from the atlas: the kernels that find the surface's cells in the
// atlas rather than in the stream. Vertices of the cell at v (voxel_of's result): 0 outside the
// volume and for cells on its far faces (they have no eighth corner), as mesh_count.frag does.
//!include volume.wgsl
//!include cells.wgsl
//!include mc_tables.wgsl
// Labels mode: the voxel's faces between labels, 6 vertices a face (labels.wgsl).
fn mc_cell_vertices(v: vec4<i32>) -> u32 {
    if (v.w == 0) { return 0u; }
    if (u.classify == 2u) { return label_vertex_count(label_faces(v.xyz)); }
    if (any(v.xyz >= u.dims - 1)) { return 0u; }
    return u32(mc[cell_case(v.xyz)]);
}

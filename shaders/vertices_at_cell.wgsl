// A `{vertices_at}` of the kernels driven by the atlas (mesh_count.wgsl, scan_io_mesh.wgsl):
// the vertex count of the cell at Morton index i (mc_cells.wgsl), for the soup and the labels.
// vertices_at_point.wgsl is the other choice.
//!include cells.wgsl
//!include mc_cells.wgsl
fn vertices_at(i: u32) -> u32 { return mc_cell_vertices(voxel_of(morton_decode(i))); }

// A `{vertices_at}` of the kernels driven by the atlas (mesh_count.wgsl, scan_io_mesh.wgsl),
// vertices=shared: the crossing edges the point at Morton index i owns (mesh_edges.wgsl), a
// vertex each. The tables stay bound but are not read: the layout of the cells' counts.
//!include cells.wgsl
//!include mc_tables.wgsl
//!include mesh_edges.wgsl
fn vertices_at(i: u32) -> u32 { return point_vertices(voxel_of(morton_decode(i))); }

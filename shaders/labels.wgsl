// The label map's surface (classify=labels) from the atlas: label_nets.wgsl's vertices, its
// labels read by cells.wgsl's label_at.
//!include volume.wgsl
//!include cells.wgsl
//!include mc_tables.wgsl
//!include mesh_vertex.wgsl
//!include label_nets.wgsl

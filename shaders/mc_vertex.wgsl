// A surface's vertex as the mesh kernels write it (mesh_vertex.wgsl, label_nets.wgsl).
struct McVertex {
    position: vec4<f32>,  // x, y, z, 1 (voxel units); label_nets.wgsl: w the label
    normal: vec4<f32>,    // nx, ny, nz, 0; label_nets.wgsl: w the label on the other side
}

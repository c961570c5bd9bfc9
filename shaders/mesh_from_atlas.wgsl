// The entry point of the kernels that write the surface with its cells found in the atlas
// (mesh_extract.wgsl: the soup; mesh_vertices.wgsl and mesh_indices.wgsl: shared vertices, the
// vertices and the triangles), one invocation a Morton index, so cells come in stream order.
// Each kernel declares the bindings (u, atlas, totals, counter and its outputs) and two
// functions: mesh_total(total, capacity), which invocation 0 calls to put the scan's total
// (totals[0]) into the counter with the draw's arguments (the draw is sized by the GPU, no
// count goes to the CPU for it), and mesh_at(i, v, capacity), the work of the texel at Morton
// index i (v: voxel_of's result; capacity: the vertices the buffers hold, u.vertices).
//!include volume.wgsl
//!include cells.wgsl
fn atlas_stored(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let i = linear_index(wid, groups, lid.x);
    let capacity = u.vertices;
    if (i >= u.atlas * u.atlas) { return; }
    if (i == 0u) { mesh_total(totals[0], capacity); }
    mesh_at(i, voxel_of(morton_decode(i)), capacity);
}

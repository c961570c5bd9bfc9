// Kernel: the surface's first stage driven by the stream, one invocation a key (dispatched
// indirectly over the keys the frame wrote): the vertex count of that key's cell, read from its
// case in the stream (no atlas read), which the block scan (limited to the keys written) turns
// into each cell's first vertex key.
//!include volume.wgsl
//!include mc_tables.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> cells: array<vec4<f32>>;  // the stream: x, y, z, case
@group(0) @binding(2) var<storage, read> mc: array<i32>;
@group(0) @binding(3) var<storage, read_write> counts: array<u32>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let k = linear_index(wid, groups, lid.x);
    if (k >= u.keys) { return; }
    counts[k] = u32(mc[u32(cells[k].w)]);
}

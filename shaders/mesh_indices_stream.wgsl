// Kernel: vertices=shared driven by the stream, one invocation a key (dispatched indirectly over
// the keys the frame wrote): the key's cell, read from the stream, writes its triangles as
// indices into the shared vertices at its keys. The same indices as mesh_indices.wgsl.
//!include volume.wgsl
//!include cells.wgsl
//!include mesh_index.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read> mc: array<i32>;
@group(0) @binding(3) var<storage, read> offsets: array<u32>;
@group(0) @binding(4) var<storage, read> cells: array<vec4<f32>>;  // the stream
@group(0) @binding(5) var<storage, read> edge_offsets: array<u32>;
@group(0) @binding(6) var<storage, read_write> indices: array<u32>;
fn atlas_stored(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let k = linear_index(wid, groups, lid.x);
    let capacity = u.vertices;
    if (k >= u.keys) { return; }
    let e = cells[k];
    let c = u32(e.w);
    let count = u32(mc[c]);
    if (count == 0u) { return; }
    emit_indices(vec3<i32>(e.xyz), c, count, offsets[k], capacity);
}

// Kernel: the mesh's first stage, one invocation a Morton index (the order the cell compaction
// uses): the vertices at that texel, which the block scan turns into each one's first vertex
// key. What is counted is the chunk chosen for `{vertices_at}`: the cell's vertex count
// (vertices_at_cell.wgsl: the WGSL twin of mesh_count.frag) or the crossing edges the point
// owns (vertices_at_point.wgsl, vertices=shared).
//!include volume.wgsl
//!include cells.wgsl
//!include {vertices_at}
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read> mc: array<i32>;
@group(0) @binding(3) var<storage, read_write> counts: array<u32>;
fn atlas_stored(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let i = linear_index(wid, groups, lid.x);
    if (i >= u.atlas * u.atlas) { return; }
    counts[i] = vertices_at(i);
}

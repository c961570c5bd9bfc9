// Kernel (the layout of the cells' counts: the tables bound but not read): vertices=shared with
// the block scan, one invocation a Morton index: how many crossing edges the point at that texel
// owns (its vertex count), which the block scan turns into the point's first vertex key.
//!include volume.wgsl
//!include cells.wgsl
//!include mc_tables.wgsl
//!include mesh_edges.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read> mc: array<i32>;  // bound, not read: the layout of the cells' counts
@group(0) @binding(3) var<storage, read_write> counts: array<u32>;
fn atlas_value(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let i = linear_index(wid, groups, lid.x);
    if (i >= u.atlas * u.atlas) { return; }
    counts[i] = point_vertices(voxel_of(morton_decode(i)));
}

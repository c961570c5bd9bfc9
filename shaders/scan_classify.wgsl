// Kernel: classification and the first level of the block scan in one dispatch. A workgroup
// classifies the 1024 texels of a Morton block (a 32×32 square of the atlas), scans their flags,
// writes each texel's exclusive prefix within the block at its Morton index, and the block's
// count into `sums`. No flag buffer is written and read back, and no add-back pass runs over the
// base: the scatter adds each block's offset itself.
//!include volume.wgsl
//!include cells.wgsl
//!include groups.wgsl
//!include scan_workgroup.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read_write> prefix: array<u32>;
@group(0) @binding(2) var<storage, read_write> sums: array<u32>;
@group(0) @binding(3) var<storage, read> atlas: array<f32>;
fn atlas_stored(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let g = group_index(wid, groups);
    let first = g * kBlock;  // S² is a multiple of 1024 for every atlas from 32²
    if (first >= u.atlas * u.atlas) { return; }  // past the grid's blocks
    // Invocation lid classifies Morton quad lid of the block (its texels 4·lid .. 4·lid + 3).
    let quad = quad_active(first / 4u + lid.x);
    for (var k = 0u; k < 4u; k++) { tile[4u * lid.x + k] = quad[k]; }
    let total = scan_tile(lid.x);
    for (var i = 0u; i < 4u; i++) {
        let j = i * kThreads + lid.x;
        prefix[first + j] = tile[j];
    }
    if (lid.x == 0u) { sums[g] = total; }
}

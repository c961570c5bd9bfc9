// Kernel: exclusive scan of one block of 1024 u32 per workgroup, in place, and the block's sum
// into `sums` (the next level, scanned the same way). Loads and stores go through workgroup
// memory so that neighbouring invocations touch neighbouring words. A block past the level's
// elements (level_count(): the count the GPU wrote, where the scan has one) only writes its sum,
// 0.
//!include groups.wgsl
//!include scan_workgroup.wgsl
//!include scan_level.wgsl
@group(0) @binding(0) var<uniform> level: ScanLevel;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;
@group(0) @binding(2) var<storage, read_write> sums: array<u32>;
@group(0) @binding(3) var<storage, read> limit: array<u32>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let g = group_index(wid, groups);
    let first = g * kBlock;
    if (first >= level.n) { return; }  // past the grid's blocks
    let n = level_count();
    if (first >= n) {
        if (lid.x == 0u) { sums[g] = 0u; }
        return;
    }
    for (var i = 0u; i < 4u; i++) {
        let j = i * kThreads + lid.x;
        var x = 0u;
        if (first + j < n) { x = data[first + j]; }
        tile[j] = x;
    }
    let total = scan_tile(lid.x);
    for (var i = 0u; i < 4u; i++) {
        let j = i * kThreads + lid.x;
        if (first + j < n) { data[first + j] = tile[j]; }
    }
    if (lid.x == 0u) { sums[g] = total; }
}

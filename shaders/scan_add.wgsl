// Kernel: adds each block's scanned sum (the exclusive prefix of the
// blocks before it) to the block's elements, turning per-block scans into one scan of the
// whole level (up to level_count()).
//!include groups.wgsl
//!include scan_level.wgsl
@group(0) @binding(0) var<uniform> level: ScanLevel;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;
@group(0) @binding(2) var<storage, read> sums: array<u32>;
@group(0) @binding(3) var<storage, read> limit: array<u32>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let g = group_index(wid, groups);
    let n = level_count();
    if (g * 1024u >= n) { return; }
    let add = sums[g];
    for (var i = 0u; i < 4u; i++) {
        let j = g * 1024u + i * 256u + lid.x;
        if (j < n) { data[j] += add; }
    }
}

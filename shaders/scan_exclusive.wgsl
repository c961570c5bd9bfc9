// The exclusive scan of one u32 an invocation over a workgroup of 256, in four steps with a
// barrier between each: the values into shared memory; 16 invocations each scan 16 consecutive
// values in registers (16 loads in flight, then 16 stores); one invocation scans the 16 group
// sums the same way; each invocation adds its group's prefix. Shared by the block scan
// (scan_workgroup.wgsl) and the tile scans (scan_tiles.wgsl). The workgroup's total stays at
// wg_scan[255] until the next call.
const kScanThreads = 256u;
var<workgroup> wg_scan: array<u32, 256>;
var<workgroup> wg_groups: array<u32, 16>;

fn workgroup_exclusive(t: u32, x: u32) -> u32 {
    workgroupBarrier();  // the last call's results have been read
    wg_scan[t] = x;
    workgroupBarrier();
    if (t < 16u) {  // group t: values 16t .. 16t+15, inclusive in place
        var v: array<u32, 16>;
        for (var i = 0u; i < 16u; i++) { v[i] = wg_scan[16u * t + i]; }
        for (var i = 1u; i < 16u; i++) { v[i] += v[i - 1u]; }
        for (var i = 0u; i < 16u; i++) { wg_scan[16u * t + i] = v[i]; }
        wg_groups[t] = v[15];
    }
    workgroupBarrier();
    if (t == 0u) {  // the groups' exclusive prefixes
        var g: array<u32, 16>;
        for (var i = 0u; i < 16u; i++) { g[i] = wg_groups[i]; }
        var s = 0u;
        for (var i = 0u; i < 16u; i++) { let n = g[i]; wg_groups[i] = s; s += n; }
    }
    workgroupBarrier();
    let inclusive = wg_groups[t >> 4u] + wg_scan[t];
    workgroupBarrier();  // every invocation has read its group's inclusive value
    wg_scan[t] = inclusive;
    workgroupBarrier();
    return inclusive - x;
}

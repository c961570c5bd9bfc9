// The sum of x over the workgroup's 256 invocations, the same in every invocation (a tree in
// workgroup memory). scan_sum_subgroups.wgsl gives the same number with subgroup operations.
//!include scan_tiles.wgsl
fn workgroup_sum(t: u32, x: u32) -> u32 {
    workgroupBarrier();
    wg_scan[t] = x;
    for (var n = kTileThreads / 2u; n > 0u; n >>= 1u) {
        workgroupBarrier();
        if (t < n) { wg_scan[t] += wg_scan[t + n]; }
    }
    return workgroupUniformLoad(&wg_scan[0]);
}

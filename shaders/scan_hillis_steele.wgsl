// The exclusive scan of one u32 an invocation over a workgroup of 256 (Hillis–Steele: log2(256)
// steps, each adding the partial sum `offset` invocations back). Shared by the block scan
// (scan_workgroup.wgsl) and the tile scans (scan_tiles.wgsl). The workgroup's total stays at
// wg_scan[255] until the next call.
const kScanThreads = 256u;
var<workgroup> wg_scan: array<u32, 256>;

fn workgroup_exclusive(t: u32, x: u32) -> u32 {
    workgroupBarrier();
    wg_scan[t] = x;
    for (var offset = 1u; offset < kScanThreads; offset <<= 1u) {
        workgroupBarrier();
        var add = 0u;
        if (t >= offset) { add = wg_scan[t - offset]; }
        workgroupBarrier();
        wg_scan[t] += add;
    }
    workgroupBarrier();
    return wg_scan[t] - x;
}

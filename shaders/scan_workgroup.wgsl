// The workgroup part of the block scan, shared by scan_block.wgsl and scan_classify.wgsl : the
// kernel fills `tile` with its block's 1024 values, scan_tile() turns them into their exclusive
// scan in place and returns the block's total. Four values an invocation, then the workgroup's
// scan of the 256 partial sums.
//!include scan_exclusive.wgsl
const kThreads = 256u;
const kBlock = 1024u;
var<workgroup> tile: array<u32, 1024>;

fn scan_tile(t: u32) -> u32 {
    workgroupBarrier();
    var own: array<u32, 4>;
    var sum = 0u;
    for (var i = 0u; i < 4u; i++) {
        own[i] = sum;
        sum += tile[4u * t + i];
    }
    let before = workgroup_exclusive(t, sum);
    for (var i = 0u; i < 4u; i++) { tile[4u * t + i] = before + own[i]; }
    workgroupBarrier();
    return wg_scan[kThreads - 1u];
}

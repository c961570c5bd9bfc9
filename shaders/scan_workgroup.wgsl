// The workgroup part of the block scan, shared by scan_block.wgsl and scan_classify.wgsl: the
// kernel fills `tile` with its block's 1024 values, scan_tile() turns them into their
// exclusive scan in place and returns the block's total. Four values an invocation, then a
// Hillis–Steele scan of the 256 partial sums (log2(256) steps).
const kThreads = 256u;
const kBlock = 1024u;
var<workgroup> tile: array<u32, 1024>;
var<workgroup> partial: array<u32, 256>;

fn scan_tile(t: u32) -> u32 {
    workgroupBarrier();
    var own: array<u32, 4>;
    var sum = 0u;
    for (var i = 0u; i < 4u; i++) {
        own[i] = sum;
        sum += tile[4u * t + i];
    }
    partial[t] = sum;
    for (var offset = 1u; offset < kThreads; offset <<= 1u) {
        workgroupBarrier();
        var add = 0u;
        if (t >= offset) { add = partial[t - offset]; }
        workgroupBarrier();
        partial[t] += add;
    }
    workgroupBarrier();
    var before = 0u;
    if (t > 0u) { before = partial[t - 1u]; }
    for (var i = 0u; i < 4u; i++) { tile[4u * t + i] = before + own[i]; }
    workgroupBarrier();
    return partial[kThreads - 1u];
}

// Kernel: exclusive scan of one block of 1024 u32 per workgroup, in place, and the block's sum
// into `sums` (the next level, which is scanned the same way). Loads and stores go through
// workgroup memory so that neighbouring invocations touch neighbouring words.
struct ScanLevel { n: u32 }  // elements at this level

@group(0) @binding(0) var<uniform> level: ScanLevel;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;
@group(0) @binding(2) var<storage, read_write> sums: array<u32>;

const kThreads = 256u;
const kBlock = 1024u;  // 4 elements an invocation
var<workgroup> tile: array<u32, 1024>;
var<workgroup> partial: array<u32, 256>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
    let first = wid.x * kBlock;
    for (var i = 0u; i < 4u; i++) {
        let j = i * kThreads + lid.x;
        var x = 0u;
        if (first + j < level.n) { x = data[first + j]; }
        tile[j] = x;
    }
    workgroupBarrier();
    // Each invocation: its four consecutive elements, exclusive, and their sum.
    var own: array<u32, 4>;
    var sum = 0u;
    for (var i = 0u; i < 4u; i++) {
        own[i] = sum;
        sum += tile[4u * lid.x + i];
    }
    partial[lid.x] = sum;
    // Inclusive scan of the 256 sums (Hillis–Steele: log2(256) steps).
    for (var offset = 1u; offset < kThreads; offset <<= 1u) {
        workgroupBarrier();
        var add = 0u;
        if (lid.x >= offset) { add = partial[lid.x - offset]; }
        workgroupBarrier();
        partial[lid.x] += add;
    }
    workgroupBarrier();
    var before = 0u;
    if (lid.x > 0u) { before = partial[lid.x - 1u]; }
    for (var i = 0u; i < 4u; i++) { tile[4u * lid.x + i] = before + own[i]; }
    workgroupBarrier();
    for (var i = 0u; i < 4u; i++) {
        let j = i * kThreads + lid.x;
        if (first + j < level.n) { data[first + j] = tile[j]; }
    }
    if (lid.x == kThreads - 1u) { sums[wid.x] = partial[kThreads - 1u]; }
}

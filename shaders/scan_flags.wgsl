// A tile scan whose values are flags (the compaction: a texel is active or not, and an active
// one goes to the stream at its key):
//  - read a 2×2 Morton quad at a time (scan_quad: the classification of four texels, which in
//    surface mode share their corners);
//  - written through workgroup memory: the tile's active elements are staged in key order,
//    half a tile at a time, then written by consecutive invocations, so that a warp writes 32
//    neighbouring entries, not one entry each 16 values apart.
//!include scan_tiles.wgsl

// An invocation's 16 values from `first` on (four quads), into `v`; returns their sum.
fn scan_load(first: u32, v: ptr<function, array<u32, 16>>) -> u32 {
    var sum = 0u;
    for (var k = 0u; k < 4u; k++) {
        let f = scan_quad(first / 4u + k);
        for (var c = 0u; c < 4u; c++) { (*v)[4u * k + c] = f[c]; }
        sum += f.x + f.y + f.z + f.w;
    }
    return sum;
}

const kStaged = 2048u;
var<workgroup> wg_staged: array<u32, 2048>;

// Its active elements out: `key` is this invocation's first key, `base` and `count` the tile's
// first key and its count (uniform).
fn scan_write(t: u32, first: u32, v: ptr<function, array<u32, 16>>, key: u32, base: u32, count: u32) {
    for (var round = 0u; round < count; round += kStaged) {
        workgroupBarrier();  // the last round's entries have been written out
        var k = key - base;
        for (var j = 0u; j < kPerThread; j++) {
            if ((*v)[j] != 0u && k >= round && k < round + kStaged) { wg_staged[k - round] = first + j; }
            k += (*v)[j];
        }
        workgroupBarrier();
        for (var s = t; s < min(count - round, kStaged); s += kTileThreads) { scan_put(wg_staged[s], base + round + s, 1u); }
    }
}

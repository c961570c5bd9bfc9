// A tile scan's kernel (app/webgpu/tile_scan.h): `{scan_io}` is the scan_io_*.wgsl chosen by the
// scan's user, which declares every binding but `tiles` and says what is scanned.
// Reduce-then-scan, dispatch 2 of 3: one workgroup scans the tile sums in place (4096 a round,
// 16 an invocation, with a carry between rounds) and hands the total on (scan_done: in the
// compaction the counter and the indirect arguments: no one-invocation count dispatch).
//!include {scan_io}
//!include scan_tiles.wgsl
@group(0) @binding(4) var<storage, read_write> tiles: array<u32>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
    let t = lid.x;
    let n = tile_count();
    var carry = 0u;
    for (var start = 0u; start < n; start += kTile) {
        var v: array<u32, 16>;
        var sum = 0u;
        let first = start + t * kPerThread;
        for (var j = 0u; j < kPerThread; j++) {
            var x = 0u;
            if (first + j < n) { x = tiles[first + j]; }
            v[j] = x;
            sum += x;
        }
        var key = carry + workgroup_exclusive(t, sum);
        for (var j = 0u; j < kPerThread; j++) {
            if (first + j < n) { tiles[first + j] = key; }
            key += v[j];
        }
        carry += wg_scan[kTileThreads - 1u];
    }
    if (t == 0u) { scan_done(carry); }
}

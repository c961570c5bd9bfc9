// A tile scan's kernel (app/webgpu/tile_scan.h): `{scan_io}` is the scan_io_*.wgsl chosen by the
// scan's user, which declares every binding but `tiles` and says what is scanned; `{scan_sum}`
// is scan_sum.wgsl, or scan_sum_subgroups.wgsl where the device has subgroups.
// Reduce-then-scan, dispatch 1 of 3: each workgroup sums its tile's values (in the compaction:
// classifies its 4096 texels and counts the active ones) into tiles[tile].
//!include {scan_io}
//!include {scan_sum}
//!include scan_tiles.wgsl
@group(0) @binding(4) var<storage, read_write> tiles: array<u32>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
    var v: array<u32, 16>;
    let sum = workgroup_sum(lid.x, scan_load(first_of(wid.x, lid.x), &v));
    if (lid.x == 0u) { tiles[wid.x] = sum; }
}

// A tile scan's kernel (app/webgpu/tile_scan.h): `{scan_io}` is the scan_io_*.wgsl chosen by the
// scan's user, which declares every binding but `tiles` and says what is scanned.
// Reduce-then-scan, dispatch 3 of 3: each workgroup scans its tile again and adds the tile's
// offset (the scanned tile sums): in the compaction this is the scatter, each active texel
// written to the stream at its key.
//!include {scan_io}
//!include scan_tiles.wgsl
@group(0) @binding(4) var<storage, read_write> tiles: array<u32>;

var<workgroup> tiles_base: u32;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
    if (lid.x == 0u) { tiles_base = tiles[wid.x]; }
    var v: array<u32, 16>;
    let first = first_of(wid.x, lid.x);
    let sum = scan_load(first, &v);
    let before = workgroup_exclusive(lid.x, sum);
    let base = workgroupUniformLoad(&tiles_base);
    scan_write(lid.x, first, &v, base + before, base, workgroupUniformLoad(&wg_scan[kTileThreads - 1u]));
}

// The surface's side of a tile scan driven by the stream: the values are the vertex counts of
// the cells the frame compacted, read from their cases in the stream, up to the keys written
// (counter.written), 0 past them; each cell's first vertex key goes to `offsets`, the total to
// totals[0].
// Chosen for a tile scan's `{scan_io}` (tile_scan.h): the bindings of its kernels but `tiles`
// (4).
//!include volume.wgsl
//!include compaction_counter.wgsl
//!include mc_tables.wgsl
//!include scan_values.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> cells: array<vec4<f32>>;  // the stream: x, y, z, case
@group(0) @binding(2) var<storage, read> mc: array<i32>;
@group(0) @binding(3) var<storage, read_write> offsets: array<u32>;
@group(0) @binding(5) var<storage, read_write> totals: array<u32>;
@group(0) @binding(6) var<storage, read> counter: Counter;

fn scan_n() -> u32 { return u.keys; }
fn forced_fallbacks() -> u32 { return u.fallback; }
fn inclusive_posts() -> bool { return true; }

fn scan_value(i: u32) -> u32 {
    if (i >= counter.written) { return 0u; }
    return u32(mc[u32(cells[i].w)]);
}

fn scan_put(i: u32, key: u32, value: u32) { offsets[i] = key; }
fn scan_done(total: u32) { totals[0] = total; }

// A tile scan of a buffer (hp.webgpuScan's tests): values[i] for i < n, the exclusive scan into
// `out` (another buffer: a single-pass fallback may read a tile's values after its owner has
// written its keys), the total to totals[0].
// Chosen for a tile scan's `{scan_io}` (tile_scan.h): the bindings of its kernels but `tiles`
// (4).
//!include scan_values.wgsl
@group(0) @binding(0) var<uniform> params: ScanParams;
@group(0) @binding(1) var<storage, read> values: array<u32>;
@group(0) @binding(2) var<storage, read_write> totals: array<u32>;
@group(0) @binding(3) var<storage, read_write> out: array<u32>;
struct ScanParams {
    n: u32,
    fallback: u32,  // forced_fallbacks()
    aggregates: u32,  // 1: inclusive_posts() false
    pad1: u32,
}

fn scan_n() -> u32 { return params.n; }
fn forced_fallbacks() -> u32 { return params.fallback; }
fn inclusive_posts() -> bool { return params.aggregates == 0u; }

fn scan_value(i: u32) -> u32 { if (i < params.n) { return values[i]; } return 0u; }

fn scan_put(i: u32, key: u32, value: u32) {
    if (i < params.n) { out[i] = key; }
}
fn scan_done(total: u32) { totals[0] = total; }

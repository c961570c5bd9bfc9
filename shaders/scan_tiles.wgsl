// The tiles of the reduce-then-scan and the single-pass scan (a kernel of it
// is a step, rts_*.wgsl or scan_single_pass.wgsl, that includes the scan_io_*.wgsl chunk
// chosen for `{scan_io}`, which says what the values are and where
// the scanned keys go: scan_n, scan_value or scan_quad, scan_put, scan_done, forced_fallbacks,
// inclusive_posts; then scan_values.wgsl or scan_flags.wgsl: scan_load, scan_write). A workgroup
// of 256 invocations takes a tile of 4096 values, 16 consecutive values an invocation (in the
// compaction, a 4×4 square of texels in Morton order): 2048² is 1,024 tiles, few enough for
// one workgroup to scan their sums.
//!include scan_exclusive.wgsl
const kTileThreads = 256u;
const kPerThread = 16u;
const kTile = 4096u;

fn tile_count() -> u32 { return (scan_n() + kTile - 1u) / kTile; }
fn first_of(tile: u32, t: u32) -> u32 { return tile * kTile + t * kPerThread; }

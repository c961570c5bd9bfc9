// The compaction's side of a tile scan: the values are the texels' classification in Morton
// order, computed here from the atlas (no flag buffer); an active texel goes to the stream at
// its key; the total fills the counter (count_finish.wgsl).
// Chosen for a tile scan's `{scan_io}` (tile_scan.h): the bindings of its kernels but `tiles`
// (4).
//!include volume.wgsl
//!include cells.wgsl
//!include compaction_counter.wgsl
//!include count_finish.wgsl
//!include scan_flags.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read_write> counter: Counter;
@group(0) @binding(3) var<storage, read_write> stream: array<vec4<f32>>;
fn atlas_stored(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

fn scan_n() -> u32 { return u.atlas * u.atlas; }
fn forced_fallbacks() -> u32 { return u.fallback; }
fn inclusive_posts() -> bool { return true; }

fn scan_quad(q: u32) -> vec4<u32> { return quad_active(q); }

fn scan_put(i: u32, key: u32, value: u32) {
    if (value != 0u && key < u.limit) { stream[key] = emit(morton_decode(i)); }
}

fn scan_done(total: u32) { set_count(total); }

// The surface's side of a tile scan driven by the atlas: the values are the vertices at each
// texel in Morton order, computed here (mesh_count.wgsl is not needed) by the chunk chosen for
// `{vertices_at}` (a cell's vertex count, vertices_at_cell.wgsl; vertices=shared, the crossing
// edges a point owns, vertices_at_point.wgsl); each one's first vertex key goes to `offsets`,
// the total to totals[0].
// Chosen for a tile scan's `{scan_io}` (tile_scan.h): the bindings of its kernels but `tiles`
// (4).
//!include volume.wgsl
//!include cells.wgsl
//!include {vertices_at}
//!include scan_values.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read> mc: array<i32>;
@group(0) @binding(3) var<storage, read_write> offsets: array<u32>;
@group(0) @binding(5) var<storage, read_write> totals: array<u32>;
fn atlas_stored(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

fn scan_n() -> u32 { return u.atlas * u.atlas; }
fn forced_fallbacks() -> u32 { return u.fallback; }
fn inclusive_posts() -> bool { return true; }

fn scan_value(i: u32) -> u32 { return vertices_at(i); }

fn scan_put(i: u32, key: u32, value: u32) { offsets[i] = key; }
fn scan_done(total: u32) { totals[0] = total; }

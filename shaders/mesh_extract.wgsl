// Kernel: the soup's extraction (vertices=soup) driven by the atlas (mesh_from_atlas.wgsl): the
// cell at a Morton index emits its vertices at its keys (offset: the scanned vertex counts).
// Used where the stream does not list the surface's cells (classify=solid, or an expected
// count that may cut it short); mesh_extract_stream.wgsl otherwise.
//!include volume.wgsl
//!include cells.wgsl
//!include compaction_counter.wgsl
//!include mc_cells.wgsl
//!include mesh_soup.wgsl
//!include mesh_from_atlas.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read> mc: array<i32>;
@group(0) @binding(3) var<storage, read> offsets: array<u32>;
@group(0) @binding(4) var<storage, read> totals: array<u32>;  // the scan's total at [0]
@group(0) @binding(5) var<storage, read_write> counter: Counter;
@group(0) @binding(6) var<storage, read_write> positions: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> normals: array<vec4<f32>>;

fn mesh_total(total: u32, capacity: u32) {
    counter.vertices = total;
    counter.shared_vertices = 0u;
    counter.draw_args = vec4<u32>(min(total, capacity), 1u, 0u, 0u);
}

fn mesh_at(i: u32, v: vec4<i32>, capacity: u32) {
    let count = mc_cell_vertices(v);
    if (count == 0u) { return; }
    if (u.classify == 2u) {
        emit_label_soup(v.xyz, count, offsets[i], capacity);
        return;
    }
    emit_soup(v.xyz, cell_case(v.xyz), count, offsets[i], capacity);
}

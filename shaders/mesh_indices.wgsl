// Kernel: vertices=shared driven by the atlas (mesh_from_atlas.wgsl): the cell at a Morton
// index writes its triangles as indices into the shared vertices, at its keys (offset: the
// scanned vertex counts, as the soup's extraction). Invocation 0 puts the index total into the
// counter with the indexed draw's arguments. Where the stream lists the surface's cells,
// mesh_indices_stream.wgsl instead.
//!include volume.wgsl
//!include cells.wgsl
//!include compaction_counter.wgsl
//!include mc_cells.wgsl
//!include mesh_index.wgsl
//!include mesh_from_atlas.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read> mc: array<i32>;
@group(0) @binding(3) var<storage, read> offsets: array<u32>;
@group(0) @binding(4) var<storage, read> totals: array<u32>;  // the index total at [0]
@group(0) @binding(5) var<storage, read_write> counter: Counter;
@group(0) @binding(6) var<storage, read> edge_offsets: array<u32>;
@group(0) @binding(7) var<storage, read_write> indices: array<u32>;

fn mesh_total(total: u32, capacity: u32) {
    counter.vertices = total;
    counter.indexed_args = vec4<u32>(min(total, capacity), 1u, 0u, 0u);
    counter.indexed_first_instance = 0u;
}

fn mesh_at(i: u32, v: vec4<i32>, capacity: u32) {
    let count = mc_cell_vertices(v);
    if (count == 0u) { return; }
    emit_indices(v.xyz, cell_case(v.xyz), count, offsets[i], capacity);
}

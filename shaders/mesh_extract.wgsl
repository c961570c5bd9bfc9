// Kernel: the soup's extraction (vertices=soup) driven by the atlas, one invocation a Morton
// index: the cell there emits its vertices at its keys (offset: the scanned vertex counts), so
// cells come in stream order. Used where the stream does not list the surface's cells
// (classify=solid, or an expected count that may cut it short); mesh_extract_stream.wgsl
// otherwise.
// Invocation 0 also puts the vertex total into the counter with the surface's indirect draw
// arguments: the draw is sized by the GPU, no count goes to the CPU for it.
//!include volume.wgsl
//!include cells.wgsl
//!include compaction_counter.wgsl
//!include mc_cells.wgsl
//!include mesh_soup.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read> mc: array<i32>;
@group(0) @binding(3) var<storage, read> offsets: array<u32>;
@group(0) @binding(4) var<storage, read> totals: array<u32>;  // the scan's total at [0]
@group(0) @binding(5) var<storage, read_write> counter: Counter;
@group(0) @binding(6) var<storage, read_write> positions: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> normals: array<vec4<f32>>;
fn atlas_value(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let i = linear_index(wid, groups, lid.x);
    let capacity = u.vertices;
    if (i >= u.atlas * u.atlas) { return; }
    if (i == 0u) {
        let total = totals[0];
        counter.vertices = total;
        counter.shared_vertices = 0u;
        counter.draw_args = vec4<u32>(min(total, capacity), 1u, 0u, 0u);
    }
    let v = voxel_of(morton_decode(i));
    let count = mc_cell_vertices(v);
    if (count == 0u) { return; }
    if (u.classify == 2u) {
        emit_label_soup(v.xyz, count, offsets[i], capacity);
        return;
    }
    emit_soup(v.xyz, cell_case(v.xyz), count, offsets[i], capacity);
}

// Kernel (after volume.wgsl, cells.wgsl, compaction_counter.wgsl, mc_tables.wgsl,
// mesh_vertex.wgsl): the soup's extraction (vertices=soup), one invocation a Morton index. A
// cell's vertices go to keys offset .. offset + count − 1 (offset: the scanned vertex counts),
// cells in stream order, inside a cell the table's order; keys past the capacity (S²) are not
// written. Each vertex is mc_vertex's on the table's edge: a vertex shared by up to four cells
// is computed by each of them.
// Invocation 0 also puts the vertex total into the counter with the surface's indirect draw
// arguments: the draw is sized by the GPU, no count goes to the CPU for it.
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
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
    let capacity = u.atlas * u.atlas;
    if (i >= capacity) { return; }
    if (i == 0u) {
        let total = totals[0];
        counter.vertices = total;
        counter.shared_vertices = 0u;
        counter.draw_args = vec4<u32>(min(total, capacity), 1u, 0u, 0u);
    }
    let v = voxel_of(morton_decode(i));
    let count = mc_cell_vertices(v);
    if (count == 0u) { return; }
    let c = cell_case(v.xyz);
    let first = offsets[i];
    for (var j = 0u; j < count; j++) {
        let key = first + j;
        if (key >= capacity) { return; }
        let ab = kMcEdgeCorners[mc_edge(c, j)];
        let m = mc_vertex(v.xyz + kMcCorner[ab.x], v.xyz + kMcCorner[ab.y]);
        positions[key] = m.position;
        normals[key] = m.normal;
    }
}

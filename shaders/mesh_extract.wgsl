// Kernel (after volume.wgsl, cells.wgsl, compaction_counter.wgsl, mc_tables.wgsl): the mesh's
// extraction, one invocation a Morton index. A cell's vertices go to keys offset .. offset +
// count − 1 (offset: the scanned vertex counts), cells in stream order, inside a cell the
// table's order; keys past the capacity (S²) are not written. Position: linear along the edge
// to where the field crosses iso; normal: minus the gradient (central differences, clamped at
// the volume's border) interpolated the same way, normalized. The arithmetic is that of
// emit_mesh_vertex.glsl and app/core/reference_mesh.cpp, in the same order.
// Invocation 0 also puts the vertex total into the counter with the surface's indirect draw
// arguments: the draw is sized by the GPU, no count goes to the CPU for it.
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(3) var<storage, read> offsets: array<u32>;
@group(0) @binding(4) var<storage, read> totals: array<u32>;  // the scan's total at [0]
@group(0) @binding(5) var<storage, read_write> counter: Counter;
@group(0) @binding(6) var<storage, read_write> positions: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> normals: array<vec4<f32>>;
fn atlas_value(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

fn mc_field(q: vec3<i32>) -> f32 { return value_at(clamp(q, vec3<i32>(0), u.dims - 1)); }

fn mc_gradient(q: vec3<i32>) -> vec3<f32> {
    return vec3<f32>(mc_field(q + vec3<i32>(1, 0, 0)) - mc_field(q - vec3<i32>(1, 0, 0)),
                     mc_field(q + vec3<i32>(0, 1, 0)) - mc_field(q - vec3<i32>(0, 1, 0)),
                     mc_field(q + vec3<i32>(0, 0, 1)) - mc_field(q - vec3<i32>(0, 0, 1)));
}

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let i = linear_index(wid, groups, lid.x);
    let capacity = u.atlas * u.atlas;
    if (i >= capacity) { return; }
    if (i == 0u) {
        let total = totals[0];
        counter.vertices = total;
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
        let pa = v.xyz + kMcCorner[ab.x];
        let pb = v.xyz + kMcCorner[ab.y];
        let va = value_at(pa);
        let vb = value_at(pb);
        let t = (u.iso - va) / (vb - va);
        let ga = mc_gradient(pa);
        let gb = mc_gradient(pb);
        let n = -(ga + t * (gb - ga));
        let len = length(n);
        positions[key] = vec4<f32>(vec3<f32>(pa) + t * (vec3<f32>(pb) - vec3<f32>(pa)), 1.0);
        normals[key] = vec4<f32>(select(vec3<f32>(0.0), n / len, len > 0.0), 0.0);
    }
}

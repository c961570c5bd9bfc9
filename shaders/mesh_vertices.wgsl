// Kernel: vertices=shared, driven by the atlas (mesh_from_atlas.wgsl): the point at a Morton
// index computes the vertex of each crossing edge it owns, once, at its keys offset .. offset +
// count − 1 (offset: the scanned crossing-edge counts), in axis order; keys past the capacity
// (u.vertices) are not written. Invocation 0 puts the vertex total into the counter
// (draw_args' count, which the 3D view's "order" color reads; the draw itself is indexed:
// mesh_indices.wgsl).
//!include volume.wgsl
//!include cells.wgsl
//!include compaction_counter.wgsl
//!include mesh_edges.wgsl
//!include mesh_vertex.wgsl
//!include mesh_from_atlas.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read> offsets: array<u32>;
@group(0) @binding(3) var<storage, read> totals: array<u32>;  // the scan's total at [0]
@group(0) @binding(4) var<storage, read_write> counter: Counter;
@group(0) @binding(5) var<storage, read_write> positions: array<vec4<f32>>;
@group(0) @binding(6) var<storage, read_write> normals: array<vec4<f32>>;

fn mesh_total(total: u32, capacity: u32) {
    counter.shared_vertices = total;
    counter.draw_args = vec4<u32>(min(total, capacity), 1u, 0u, 0u);
}

fn mesh_at(i: u32, v: vec4<i32>, capacity: u32) {
    if (v.w == 0) { return; }
    let bits = point_crossings(v.xyz);
    if (bits == 0u) { return; }
    var key = offsets[i];
    for (var a = 0u; a < 3u; a++) {
        if ((bits & (1u << a)) == 0u) { continue; }
        if (key >= capacity) { return; }
        let m = mc_vertex(v.xyz, v.xyz + kAxis[a]);
        positions[key] = m.position;
        normals[key] = m.normal;
        key++;
    }
}

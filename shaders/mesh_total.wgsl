// Kernel (one invocation): the stream-driven surface's vertex total (3 a triangle, the scan's
// total) into the counter, with the draw's arguments: drawIndirect's for the soup,
// drawIndexedIndirect's for shared vertices (whose mesh_vertices.wgsl, after this, puts its own
// vertex count into drawIndirect's). The texel-driven extractions do this in their invocation 0;
// the stream-driven ones run only for the keys written, which may be none.
//!include volume.wgsl
//!include compaction_counter.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> totals: array<u32>;  // the scan's total at [0]
@group(0) @binding(2) var<storage, read_write> counter: Counter;

@compute @workgroup_size(1)
fn main() {
    let total = totals[0];
    let capacity = u.vertices;
    counter.vertices = total;
    counter.shared_vertices = 0u;
    counter.draw_args = vec4<u32>(min(total, capacity), 1u, 0u, 0u);
    counter.indexed_args = vec4<u32>(min(total, capacity), 1u, 0u, 0u);
    counter.indexed_first_instance = 0u;
}

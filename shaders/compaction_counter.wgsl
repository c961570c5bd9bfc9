// The counter both WebGPU modes share: the total, how many keys the stream holds this frame,
// and the indirect dispatch arguments of the traversal and of the stream's tail (the keys a
// previous frame wrote past this frame's end, cleared to zero), written by count.wgsl; then the
// surface's vertex total and indirect draw arguments, written by mesh_extract.wgsl (soup) or
// mesh_vertices.wgsl and mesh_indices.wgsl (shared vertices). The C++
// twin, where the CPU takes its offsets from: app/webgpu/compaction_counter.h (the two are read
// against each other by tests/unit/compaction_counter_test.cpp).
struct Counter {
    total: u32,
    written: u32,        // min(total, limit)
    tail_begin: u32,     // keys [tail_begin, tail_end) are cleared this frame
    tail_end: u32,
    traverse_args: vec4<u32>,  // x, y, z workgroups (w unused)
    tail_args: vec4<u32>,
    vertices: u32,       // the mesh's vertex total (byte 48): 3 a triangle
    shared_vertices: u32,  // vertices=shared: the crossing edges, a vertex each (byte 52)
    pad1: u32,
    pad2: u32,
    draw_args: vec4<u32>,  // the surface's drawIndirect (byte 64): min(vertices, S²), 1, 0, 0;
                           // vertices=shared: min(shared_vertices, S²), 1, 0, 0 (not drawn)
    indexed_args: vec4<u32>,      // vertices=shared: drawIndexedIndirect's first four words (byte
                                  // 80): min(vertices, S²) indices, 1 instance, first index 0, base 0
    indexed_first_instance: u32,  // ... and its fifth, the first instance: 0
}

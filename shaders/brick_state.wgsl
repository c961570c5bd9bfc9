// The bricked surface's uniform and shared state in WebGPU (app/webgpu/bricked_mesh.h; C++
// twins: webgpu_uniforms.h's BrickUniform, bricked_mesh.h's BrickState). brick_slots.wgsl reads
// the pool with them; brick_mesh_total.wgsl needs them alone.
struct Bricks {
    grid: vec3<i32>,   // bricks along each axis
    side: i32,         // B: cells a brick side
    dims: vec3<i32>,   // the volume's voxels
    slot_side: i32,    // S = B + 3
    iso: f32,
    slope: f32,        // data = slope · stored + intercept (integers; float32 is read as it is)
    intercept: f32,
    pad2: u32,         // (the stored type is the kernels' constant: brick_values_*.wgsl)
    slot_words: u32,   // u32 a slot
    capacity: u32,     // vertices the positions and normals hold
    side_shift: u32,   // log2(B)
    pad1: u32,
    crop_lo: vec3<i32>,  // the crop box's first voxel (app/core/crop_box.h)
    background: f32,     // what a voxel outside it reads as
    crop_hi: vec3<i32>,  // its last voxel
    cropped: u32,        // 1 where the box is not the whole volume
}

// What the rounds share, written by the CPU (entries, base at the first round) and the GPU
// (brick_mesh_total.wgsl): the 3D view draws from it as from the frame's counter, so `vertices`
// and `draw_args` sit where compaction_counter.wgsl has them (bytes 48 and 64).
struct BrickState {
    entries: u32,       // this round's bricks (word 0: the block scan's limit)
    base: u32,          // vertices the rounds before this one wrote
    pad0: vec2<u32>,
    pad1: vec4<u32>,
    pad2: vec4<u32>,
    vertices: u32,      // the surface's vertex total so far (byte 48)
    pad3: u32,
    pad4: u32,
    pad5: u32,
    draw_args: vec4<u32>,  // drawIndirect: min(vertices, capacity), 1, 0, 0 (byte 64)
    pad6: vec4<u32>,
    pad7: vec4<u32>,
}

// Kernel: zeroes the keys a previous frame wrote past this frame's end, so the stream past the
// written keys reads as zero (as the WebGL2 stream does), without clearing all of it.
//!include volume.wgsl
//!include compaction_counter.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> counter: Counter;
@group(0) @binding(2) var<storage, read_write> stream: array<vec4<f32>>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let key = counter.tail_begin + linear_index(wid, groups, lid.x);
    if (key < counter.tail_end) { stream[key] = vec4<f32>(0.0); }
}

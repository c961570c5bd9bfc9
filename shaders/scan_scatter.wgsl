// Kernel: the scan's scatter. Element i (a Morton index) goes to key prefix[i] + offset of its
// block (the scanned block counts); it is active where that key steps up before element i+1.
// One invocation an element.
//!include volume.wgsl
//!include cells.wgsl
//!include compaction_counter.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read> prefix: array<u32>;
@group(0) @binding(3) var<storage, read> counter: Counter;
@group(0) @binding(4) var<storage, read_write> stream: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read> offsets: array<u32>;
fn atlas_stored(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

fn key_of(i: u32) -> u32 { return prefix[i] + offsets[i / 1024u]; }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let i = linear_index(wid, groups, lid.x);
    let n = u.atlas * u.atlas;
    if (i >= n) { return; }
    let key = key_of(i);
    var next = counter.total;
    if (i + 1u < n) { next = key_of(i + 1u); }
    if (next != key && key < counter.written) { stream[key] = emit(morton_decode(i)); }
}

// Kernel: the scan's scatter. Element i (a Morton index) is active where the exclusive scan
// steps up after it; it goes to key prefix[i]. One invocation an element.
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read> prefix: array<u32>;
@group(0) @binding(3) var<storage, read> counter: Counter;
@group(0) @binding(4) var<storage, read_write> stream: array<vec4<f32>>;
fn atlas_value(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let i = linear_index(wid, groups, lid.x);
    let n = u.atlas * u.atlas;
    if (i >= n) { return; }
    let key = prefix[i];
    var next = counter.total;
    if (i + 1u < n) { next = prefix[i + 1u]; }
    if (next != key && key < counter.written) { stream[key] = emit(morton_decode(i)); }
}

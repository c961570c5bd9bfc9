// Kernel: histopyramid traversal, one invocation a key (dispatched indirectly for the keys the
// counter says to write). A key walks from the 1×1 level down: at each level one 16-byte load
// gives the four children's sums (Morton order keeps them together: the vec4 layout's single
// fetch, with a scalar pyramid's storage), and it descends into the child whose range holds it.
//!include volume.wgsl
//!include cells.wgsl
//!include compaction_counter.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read> base: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read> levels: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read> counter: Counter;
@group(0) @binding(5) var<storage, read_write> stream: array<vec4<f32>>;
@group(0) @binding(6) var<uniform> pyramid: Pyramid;
struct Pyramid {
    top: u32,  // L: the 1×1 level; level 0 is the base
    pad0: u32,
    pad1: u32,
    pad2: u32,
    offsets: array<vec4<u32>, 4>,  // offsets[k]: level k's start in `levels`, in vec4s (k ≥ 1)
}

fn atlas_stored(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

fn level_offset(k: u32) -> u32 { return pyramid.offsets[k / 4u][k % 4u]; }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let key = linear_index(wid, groups, lid.x);
    if (key >= counter.written) { return; }
    var index = 0u;  // at level k, the element whose range holds the key
    var start = 0u;  // the first key of that range
    for (var k = pyramid.top; k > 0u; k--) {
        var c: vec4<u32>;
        if (k == 1u) { c = base[index]; } else { c = levels[level_offset(k - 1u) + index]; }
        let ends = vec3<u32>(start + c.x, start + c.x + c.y, start + c.x + c.y + c.z);
        let child = u32(key >= ends.x) + u32(key >= ends.y) + u32(key >= ends.z);
        if (child == 1u) { start = ends.x; } else if (child == 2u) { start = ends.y; } else if (child == 3u) { start = ends.z; }
        index = index * 4u + child;
    }
    stream[key] = emit(morton_decode(index));
}

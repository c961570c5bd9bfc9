// Kernel (after groups.wgsl): builds up to five histopyramid levels in one dispatch. The base and the levels are
// stored in Morton order, so the four children of element i are elements 4i..4i+3 of the
// level below: a level is a 4-to-1 sum of the one below, with no 2D addressing. Each
// invocation sums four children into the first level built; the workgroup's 256 results then
// go on in workgroup memory (64, 16, 4, 1 of them) for the next levels.
struct Reduce {
    n_out: u32,      // elements of the first level built
    levels: u32,     // levels built by this dispatch, 1 to 5
    from_base: u32,  // 1: the children are the base; 0: the level at `src` in `levels`
    src: u32,
    dst: array<vec4<u32>, 2>,  // offsets in `levels` of the levels built, in order
}

@group(0) @binding(0) var<uniform> r: Reduce;
@group(0) @binding(1) var<storage, read> base: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read_write> levels: array<u32>;

var<workgroup> sums: array<u32, 256>;

fn dst_offset(j: u32) -> u32 { return r.dst[j / 4u][j % 4u]; }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let g = group_index(wid, groups);  // a grid's last row may run past n_out: nothing written there
    let i = g * 256u + lid.x;
    var s = 0u;
    if (i < r.n_out) {
        var c: vec4<u32>;
        if (r.from_base != 0u) {
            c = base[i];
        } else {
            let at = r.src + 4u * i;
            c = vec4<u32>(levels[at], levels[at + 1u], levels[at + 2u], levels[at + 3u]);
        }
        s = c.x + c.y + c.z + c.w;
        levels[dst_offset(0u) + i] = s;
    }
    sums[lid.x] = s;
    var count = 256u;  // this workgroup's values at the level just built
    var n = r.n_out;   // that level's size
    for (var j = 1u; j < r.levels; j++) {
        count /= 4u;
        n /= 4u;
        workgroupBarrier();
        var t = 0u;
        if (lid.x < count) {
            t = sums[4u * lid.x] + sums[4u * lid.x + 1u] + sums[4u * lid.x + 2u] + sums[4u * lid.x + 3u];
        }
        workgroupBarrier();
        if (lid.x < count) {
            sums[lid.x] = t;
            let k = g * count + lid.x;
            if (k < n) { levels[dst_offset(j) + k] = t; }
        }
    }
}

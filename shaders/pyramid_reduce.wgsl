// Kernel: up to five histopyramid levels in one dispatch, each a 4-to-1 sum of the one below:
// each invocation sums four children (of the base, or of the level at r.src) into the first
// level built, and the workgroup goes on (pyramid_levels.wgsl). The first five levels above the
// base are pyramid_classify.wgsl's.
//!include pyramid_levels.wgsl
@group(0) @binding(0) var<uniform> r: Reduce;
@group(0) @binding(1) var<storage, read> base: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read_write> levels: array<u32>;

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
    }
    build_levels(g, lid.x, s);
}

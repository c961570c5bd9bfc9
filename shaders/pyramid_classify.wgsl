// Kernel: webgpu-pyramid's classification fused with the first levels of its reduction.
// Invocation i classifies the four texels of Morton quad i (texels 4i..4i+3, a 2×2 square),
// writes their 0/1 into the base as one vec4 (the traversal's last step reads it) and their sum
// as level 1's element i; the workgroup (a 32×32 square of the atlas) goes on up to level 5
// (pyramid_levels.wgsl). The base is not read back to build the levels.
//!include volume.wgsl
//!include cells.wgsl
//!include pyramid_levels.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read_write> levels: array<u32>;
@group(0) @binding(3) var<storage, read_write> base: array<vec4<u32>>;
@group(0) @binding(4) var<uniform> r: Reduce;
fn atlas_stored(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let g = group_index(wid, groups);
    let i = g * 256u + lid.x;
    var s = 0u;
    if (i < r.n_out) {
        let c = quad_active(i);
        base[i] = c;
        s = c.x + c.y + c.z + c.w;
    }
    build_levels(g, lid.x, s);
}

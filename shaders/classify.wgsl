// Kernel: classification into the base, one invocation a texel, written at the texel's Morton
// index (a 16×16 workgroup writes 256 consecutive entries). 1 active, 0 not.
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read_write> base: array<u32>;
fn atlas_value(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= u.atlas || g.y >= u.atlas) { return; }
    base[morton_encode(g.xy)] = u32(is_active(voxel_of(vec2<i32>(g.xy))));
}

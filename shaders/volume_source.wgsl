// Kernel: a procedural source into the atlas, one invocation a texel (the source_*.wgsl chosen for
// `{source}` defines source_value). Texels outside the volume get 0.
//!include volume.wgsl
//!include {source}
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read_write> atlas: array<f32>;

@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= u.atlas || g.y >= u.atlas) { return; }
    let v = voxel_of(vec2<i32>(g.xy));
    var value = 0.0;
    if (v.w != 0) {
        let p = (vec3<f32>(v.xyz) + 0.5) / vec3<f32>(u.dims) * 2.0 - 1.0;
        value = clamp(source_value(p), 0.0, 1.0);
    }
    atlas[g.y * u.atlas + g.x] = value;
}

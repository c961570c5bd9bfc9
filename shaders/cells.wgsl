// The cell test and the emitted entry over the atlas, the WGSL twin of volume.glsl's
// cell_case, classify.frag and emit_voxel.glsl (after volume.wgsl). The atlas is a storage
// buffer of S×S floats, row-major: each kernel declares it (read or read_write) and defines
// `atlas_value(texel)` over it.
fn value_at(v: vec3<i32>) -> f32 { return atlas_value(atlas_texel(v)); }

// Marching-cubes case of the cell at v, corners in the order of volume.glsl.
fn cell_case(v: vec3<i32>) -> u32 {
    let a = atlas_texel(v);
    let b = atlas_texel(v + vec3<i32>(0, 0, 1));
    let lo = vec4<f32>(atlas_value(a), atlas_value(a + vec2<i32>(1, 0)), atlas_value(a + vec2<i32>(1, 1)),
                       atlas_value(a + vec2<i32>(0, 1)));
    let hi = vec4<f32>(atlas_value(b), atlas_value(b + vec2<i32>(1, 0)), atlas_value(b + vec2<i32>(1, 1)),
                       atlas_value(b + vec2<i32>(0, 1)));
    let l = vec4<u32>(lo < vec4<f32>(u.iso));
    let h = vec4<u32>(hi < vec4<f32>(u.iso));
    return l.x | (l.y << 1u) | (l.z << 2u) | (l.w << 3u) | (h.x << 4u) | (h.y << 5u) | (h.z << 6u) | (h.w << 7u);
}

fn is_active(v: vec4<i32>) -> bool {
    if (v.w == 0) { return false; }
    if (u.surface == 0u) { return value_at(v.xyz) >= u.iso; }
    if (any(v.xyz >= u.dims - 1)) { return false; }
    let c = cell_case(v.xyz);
    return c != 0u && c != 255u;
}

// What the stream holds for an active texel: the voxel, and its case (surface) or value (solid).
fn emit(t: vec2<i32>) -> vec4<f32> {
    let v = voxel_of(t);
    if (u.surface != 0u) { return vec4<f32>(vec3<f32>(v.xyz), f32(cell_case(v.xyz))); }
    return vec4<f32>(vec3<f32>(v.xyz), value_at(v.xyz));
}


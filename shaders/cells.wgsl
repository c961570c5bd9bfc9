// The cell test and the emitted entry over the atlas, the WGSL twin of volume.glsl's cell_case,
// classify.frag and emit_voxel.glsl. The atlas is a storage buffer of S×S floats, row-major:
// each kernel declares it (read or read_write) and defines `atlas_stored(texel)` over it.
//!include volume.wgsl
//!include label_faces.wgsl

// The value at texel t, the background where t's voxel is outside the crop box: every read of
// the atlas goes through here, so every kernel crops alike (volume.glsl's atlas_at).
fn atlas_value(t: vec2<i32>) -> f32 {
    let value = atlas_stored(t);
    if (u.cropped == 0u) { return value; }
    let v = voxel_of(t).xyz;
    if (all(v >= u.crop_lo) && all(v <= u.crop_hi)) { return value; }
    return u.background;
}
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

// Labels mode (app/core/label_faces.h): the label at p, 0 past the volume (label_faces.wgsl
// reads it for a voxel's faces between labels).
fn label_at(p: vec3<i32>) -> f32 {
    if (any(p < vec3<i32>(0)) || any(p >= u.dims)) { return 0.0; }
    return value_at(p);
}

fn is_active(v: vec4<i32>) -> bool {
    if (v.w == 0) { return false; }
    if (u.classify == 2u) { return label_faces(v.xyz) != 0u; }
    if (u.classify == 1u) { return value_at(v.xyz) >= u.iso; }
    if (any(v.xyz >= u.dims - 1)) { return false; }
    let c = cell_case(v.xyz);
    return c != 0u && c != 255u;
}

// is_active for the four texels of Morton quad q (texels 4q..4q+3: (x, y), (x+1, y), (x, y+1),
// (x+1, y+1) of one tile, x and y even), the same bits. In surface mode the four cells share
// their corners: the 3×3 samples of slices z and z+1, 18 reads instead of 32. A sample past the
// volume (x+2 or y+2 at its far face) is read at the face instead, and only a cell on a far face,
// never active, uses it: so no read leaves the atlas (the row past its last one, or slice z+1 of
// the last slice, where the atlas has no tile for it), and a quad on the last slice or past it
// reads nothing. In solid mode the quad's voxel is found once, and a quad past the last slice
// reads nothing. Tiles narrower than 2 take the texel-by-texel way.
fn quad_active(q: u32) -> vec4<u32> {
    let t = morton_decode(4u * q);
    if (any(u.tile_shift < vec2<u32>(1u)) || u.classify == 2u) {
        return vec4<u32>(u32(is_active(voxel_of(t))), u32(is_active(voxel_of(t + vec2<i32>(1, 0)))),
                         u32(is_active(voxel_of(t + vec2<i32>(0, 1)))), u32(is_active(voxel_of(t + vec2<i32>(1, 1)))));
    }
    let v = voxel_of(t).xyz;
    if (u.classify == 1u) {
        var on = vec4<u32>(0u);
        if (v.z >= u.dims.z) { return on; }
        for (var c = 0; c < 4; c++) {
            let d = vec2<i32>(c & 1, c >> 1);  // texel t + d is voxel v + d, in the same tile
            if (all(v.xy + d < u.dims.xy)) { on[c] = u32(atlas_value(t + d) >= u.iso); }
        }
        return on;
    }
    if (v.z >= u.dims.z - 1) { return vec4<u32>(0u); }
    let a = atlas_texel(v);
    let b = atlas_texel(v + vec3<i32>(0, 0, 1));
    let far = u.dims.xy - 1 - v.xy;  // the offset of the volume's far faces from v
    var below: array<u32, 9>;  // sample (x+i, y+j) under iso: bit j*3+i, slice z
    var above: array<u32, 9>;  // ... slice z+1
    for (var j = 0; j < 3; j++) {
        for (var i = 0; i < 3; i++) {
            let d = min(vec2<i32>(i, j), far);
            below[j * 3 + i] = u32(atlas_value(a + d) < u.iso);
            above[j * 3 + i] = u32(atlas_value(b + d) < u.iso);
        }
    }
    var out = vec4<u32>(0u);
    for (var c = 0; c < 4; c++) {
        let d = vec3<i32>(c & 1, c >> 1, 0);
        let k = d.y * 3 + d.x;  // the cell's lowest corner; +1: +x, +3: +y
        let mc = below[k] | (below[k + 1] << 1u) | (below[k + 4] << 2u) | (below[k + 3] << 3u) |
                 (above[k] << 4u) | (above[k + 1] << 5u) | (above[k + 4] << 6u) | (above[k + 3] << 7u);
        out[c] = u32(all(v + d < u.dims - 1) && mc != 0u && mc != 255u);
    }
    return out;
}

// What the stream holds for an active texel: the voxel, and its case (surface) or value (solid).
fn emit(t: vec2<i32>) -> vec4<f32> {
    let v = voxel_of(t);
    if (u.classify == 0u) { return vec4<f32>(vec3<f32>(v.xyz), f32(cell_case(v.xyz))); }
    return vec4<f32>(vec3<f32>(v.xyz), value_at(v.xyz));
}


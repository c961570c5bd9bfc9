// The slice atlas layout and Morton order for the WebGPU kernels: the WGSL twin of volume.glsl
// (and of app/core/atlas_layout.h, morton.h). Every volume kernel binds this frame's
// `Volume` as `u` at binding 0; cells.wgsl adds what reads the atlas.
struct Volume {
    dims: vec3<i32>,    // X, Y, Z (the tiles' layout: volume.glsl)
    atlas: u32,         // S
    tile_shift: vec2<u32>,  // log2(W), log2(H)
    tiles_shift: u32,   // log2(T)
    iso: f32,
    classify: u32,      // 0 surface: marching-cubes cells; 1 solid: voxels at or above iso;
                        // 2 labels: voxels with a face toward another label (labels.wgsl)
    limit: u32,         // keys at or past this are not written: the expected count, or `keys`
    fallback: u32,      // debug: the single-pass scan reduces this many predecessors without looking
    keys: u32,          // the stream's capacity in keys (the volume's voxels, within the binding limit)
    params: array<vec4<f32>, 6>,  // the source's animated parameters (app/core/settings/source_params.h)
    vertices: u32,      // the surface's buffers' capacity in vertices
    pad0: u32,
    pad1: u32,
    pad2: u32,
    crop_lo: vec3<i32>,  // the crop box's first voxel (app/core/crop_box.h)
    background: f32,     // what a voxel outside it reads as
    crop_hi: vec3<i32>,  // its last voxel
    cropped: u32,        // 1 where the box is not the whole volume
}

fn atlas_texel(v: vec3<i32>) -> vec2<i32> {
    let tiles_mask = (1 << u.tiles_shift) - 1;
    return vec2<i32>(((v.z & tiles_mask) << u.tile_shift.x) + v.x, ((v.z >> u.tiles_shift) << u.tile_shift.y) + v.y);
}

// The voxel at texel t in .xyz; .w is 0 for texels past X or Y in a tile and in tiles past
// slice Z-1.
fn voxel_of(t: vec2<i32>) -> vec4<i32> {
    let mask = (vec2<i32>(1) << u.tile_shift) - 1;
    let z = ((t.y >> u.tile_shift.y) << u.tiles_shift) + (t.x >> u.tile_shift.x);
    let v = vec3<i32>(t & mask, z);
    return vec4<i32>(v, i32(all(v < u.dims)));
}

// Morton (Z-order) index of a texel, x in the even bits: the order the histopyramid visits
// children in, so the scan runs over the base in this order to give the same stream.
fn morton_spread(x: u32) -> u32 {
    var v = x & 0xffffu;
    v = (v | (v << 8u)) & 0x00ff00ffu;
    v = (v | (v << 4u)) & 0x0f0f0f0fu;
    v = (v | (v << 2u)) & 0x33333333u;
    v = (v | (v << 1u)) & 0x55555555u;
    return v;
}

fn morton_compact(x: u32) -> u32 {
    var v = x & 0x55555555u;
    v = (v | (v >> 1u)) & 0x33333333u;
    v = (v | (v >> 2u)) & 0x0f0f0f0fu;
    v = (v | (v >> 4u)) & 0x00ff00ffu;
    v = (v | (v >> 8u)) & 0x0000ffffu;
    return v;
}

fn morton_encode(t: vec2<u32>) -> u32 { return morton_spread(t.x) | (morton_spread(t.y) << 1u); }
fn morton_decode(m: u32) -> vec2<i32> { return vec2<i32>(i32(morton_compact(m)), i32(morton_compact(m >> 1u))); }

// A 1D index over a 2D grid of 256-wide workgroups (one dimension holds at most 65535).
fn linear_index(wid: vec3<u32>, groups: vec3<u32>, lid: u32) -> u32 {
    return (wid.y * groups.x + wid.x) * 256u + lid;
}

// The slice atlas layout and the cell test, shared by the source, classify, emit and view
// passes (the CPU twin is app/core/atlas_layout.h and cpu_reference.cpp). Voxel (x,y,z) of an
// X×Y×Z volume is texel (W·(z mod T) + x, H·(z div T) + y): tiles of W×H (the powers of two at
// or above X and Y), T = atlas / W tiles per row. W, H and T are powers of two: the layout
// math is shifts and masks (integer division is slow on software rasterizers, and this runs
// for every texel).
uniform sampler2D uAtlas;  // the slice atlas, R32F values in the volume's data units (unit 2)
// The volume's parameters, one block every program shares: one buffer written once a frame,
// bound at one binding point (its C++ mirror and the layout: app/gpu/volume_block.h; the
// order and offsets are WebGPU's Volume's, volume.wgsl, as far as classify).
layout(std140) uniform Volume {
    ivec3 uDims;       // X, Y, Z
    int uAtlasSize;    // S
    ivec2 uTileShift;  // log2(W), log2(H)
    int uTilesShift;   // log2(T)
    float uIso;
    int uClassify;     // 0 surface, 1 solid, 2 labels (Classify, app/core/cpu_reference.h)
    int uCropped;      // 1: voxels outside the crop box read as uBackground (app/core/crop_box.h)
    ivec3 uCropLo;     // the box's first voxel
    float uBackground;
    ivec3 uCropHi;     // ... and its last
};

ivec2 atlas_texel(ivec3 v) {
    int tiles_mask = (1 << uTilesShift) - 1;
    return ivec2(((v.z & tiles_mask) << uTileShift.x) + v.x, ((v.z >> uTilesShift) << uTileShift.y) + v.y);
}

// The voxel at texel t; false for texels past X or Y in a tile and in tiles past slice Z-1.
bool voxel_of(ivec2 t, out ivec3 v) {
    ivec2 mask = (ivec2(1) << uTileShift) - 1;
    v = ivec3(t & mask, ((t.y >> uTileShift.y) << uTilesShift) + (t.x >> uTileShift.x));
    return all(lessThan(v, uDims));
}

// The value at texel t, the background where t's voxel is outside the crop box: every read of
// the atlas goes through here, so every pass crops alike.
float atlas_at(ivec2 t) {
    float value = texelFetch(uAtlas, t, 0).r;
    if (uCropped == 0) return value;
    ivec3 v;
    voxel_of(t, v);
    return all(greaterThanEqual(v, uCropLo)) && all(lessThanEqual(v, uCropHi)) ? value : uBackground;
}

float value_at(ivec3 v) { return atlas_at(atlas_texel(v)); }

// Marching-cubes case of the cell at v: bit i set where corner i < iso, corners in the usual
// table order (0,0,0) (1,0,0) (1,1,0) (0,1,0) (0,0,1) (1,0,1) (1,1,1) (0,1,1). Slice z and
// slice z+1 each give four neighbouring texels of one tile.
int cell_case(ivec3 v) {
    ivec2 a = atlas_texel(v), b = atlas_texel(v + ivec3(0, 0, 1));
    vec4 lo = vec4(atlas_at(a), atlas_at(a + ivec2(1, 0)), atlas_at(a + ivec2(1, 1)), atlas_at(a + ivec2(0, 1)));
    vec4 hi = vec4(atlas_at(b), atlas_at(b + ivec2(1, 0)), atlas_at(b + ivec2(1, 1)), atlas_at(b + ivec2(0, 1)));
    bvec4 l = lessThan(lo, vec4(uIso)), h = lessThan(hi, vec4(uIso));
    return int(l.x) | int(l.y) << 1 | int(l.z) << 2 | int(l.w) << 3 |
           int(h.x) << 4 | int(h.y) << 5 | int(h.z) << 6 | int(h.w) << 7;
}

// Labels mode (app/core/label_faces.h): the label at p, 0 past the volume (label_faces.glsl,
// after this chunk, reads it for a voxel's faces between labels).
float label_at(ivec3 p) {
    return any(lessThan(p, ivec3(0))) || any(greaterThanEqual(p, uDims)) ? 0.0 : value_at(p);
}

// The slice atlas layout and the cell test, shared by the source, classify, emit and view
// passes (the CPU twin is app/core/atlas_layout.h and cpu_reference.cpp). Voxel (x,y,z) is
// texel (N·(z mod T) + x, N·(z div T) + y) with T = atlas / N tiles per row.
uniform sampler2D uAtlas;  // the slice atlas, R32F values in [0,1]
uniform int uVolume;       // N
uniform int uTiles;        // T
uniform float uIso;

ivec2 atlas_texel(ivec3 v) {
    return ivec2(uVolume * (v.z % uTiles) + v.x, uVolume * (v.z / uTiles) + v.y);
}

// The voxel at texel t; false for texels in tiles past slice N-1.
bool voxel_of(ivec2 t, out ivec3 v) {
    v = ivec3(t.x % uVolume, t.y % uVolume, (t.y / uVolume) * uTiles + t.x / uVolume);
    return v.z < uVolume;
}

float value_at(ivec3 v) { return texelFetch(uAtlas, atlas_texel(v), 0).r; }

// Marching-cubes case of the cell at v: bit i set where corner i < iso, corners in the usual
// table order (0,0,0) (1,0,0) (1,1,0) (0,1,0) (0,0,1) (1,0,1) (1,1,1) (0,1,1).
int cell_case(ivec3 v) {
    const ivec3 corner[8] = ivec3[8](ivec3(0, 0, 0), ivec3(1, 0, 0), ivec3(1, 1, 0), ivec3(0, 1, 0),
                                     ivec3(0, 0, 1), ivec3(1, 0, 1), ivec3(1, 1, 1), ivec3(0, 1, 1));
    int c = 0;
    for (int i = 0; i < 8; ++i)
        if (value_at(v + corner[i]) < uIso) c |= 1 << i;
    return c;
}

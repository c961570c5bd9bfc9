// Where the surface's vertex k lives in its float textures (the mesh's extraction writes them,
// the 3D view reads them): 32 consecutive keys fill an 8×4 tile, the tiles row-major over the
// S-wide texture (S a power of two ≥ 8). A fragment pass runs its pixels in warps of small
// blocks; with row-major keys (k mod S, k div S) a warp's 32 keys would be four runs S keys
// apart, each in other cells, other pyramid texels and other volume samples. In a tile they
// are one run. The CPU twin: stream_tiles.h.
uint hp_tile_key(ivec2 t, uint size) {
    uint tile = (uint(t.y) >> 2) * (size >> 3) + (uint(t.x) >> 3);
    return (tile << 5) | ((uint(t.y) & 3u) << 3) | (uint(t.x) & 7u);
}

ivec2 hp_tile_texel(uint key, uint size) {
    uint tile = key >> 5, across = size >> 3;
    return ivec2((tile % across) * 8u + (key & 7u), (tile / across) * 4u + ((key >> 3) & 3u));
}

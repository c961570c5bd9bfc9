// The order of a stream whose keys fill 8×4 tiles (shaders/stream_tiles.glsl, the surface's
// vertex textures): 32 consecutive keys a tile, the tiles row-major over the S-wide texture.
// A fragment traversal in this order reads neighbouring keys in one warp: on the H100 the
// mesh's extraction of gyroid 128³ went from 8.4 to 6.8 ms (docs/benchmark.md).
#pragma once

#include <cstdint>

namespace hp {

constexpr int kTileWidth = 8, kTileHeight = 4;  // 32 keys

struct TileTexel {
    std::uint32_t x, y;
};

// Key k's texel in a stream `size` texels wide (a power of two ≥ kTileWidth).
inline TileTexel tile_texel(std::uint64_t key, std::uint32_t size) {
    const std::uint64_t tile = key / (kTileWidth * kTileHeight), across = size / kTileWidth;
    return {std::uint32_t((tile % across) * kTileWidth + key % kTileWidth),
            std::uint32_t((tile / across) * kTileHeight + (key / kTileWidth) % kTileHeight)};
}

// The rows that hold the first `keys` keys: whole rows of tiles.
inline int tile_rows(std::uint64_t keys, int size) {
    const std::uint64_t per_band = std::uint64_t(size) * kTileHeight;
    return int((keys + per_band - 1) / per_band) * kTileHeight;
}

}  // namespace hp

// The slice atlas: an X×Y×Z volume stored as Z slices of X×Y in an S×S texture. Each slice
// sits in a tile W×H, the powers of two at or above X and Y (the tile's texels past X or Y are
// outside the volume), T = S/W tiles a row: slice z is tile (z mod T, z div T), so voxel
// (x, y, z) is texel (W·(z mod T) + x, H·(z div T) + y). Powers of two keep the layout's math
// to shifts and masks in the shaders. A cube N³ (the procedural sources) has W = H = N.
// Everything that maps voxels to texels goes through here.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace hp {

struct Texel { int x, y; };
struct Voxel { int x, y, z; };

int next_power_of_two(int v);  // the smallest power of two ≥ v (v ≥ 1)

struct AtlasLayout {
    int atlas = 2048;                        // S, texels per side, a power of two
    std::array<int, 3> dims{128, 128, 128};  // X, Y, Z voxels

    AtlasLayout() = default;
    AtlasLayout(int s, int n) : atlas(s), dims{n, n, n} {}  // an N³ cube
    AtlasLayout(int s, const std::array<int, 3>& d) : atlas(s), dims(d) {}

    int tile_w() const { return next_power_of_two(dims[0]); }  // W
    int tile_h() const { return next_power_of_two(dims[1]); }  // H
    int tiles_per_row() const { return atlas / tile_w(); }     // T
    bool cube() const { return dims[0] == dims[1] && dims[1] == dims[2]; }
    // Rows of the atlas that hold slices; the rows below are always empty.
    int volume_rows() const { return (dims[2] + tiles_per_row() - 1) / tiles_per_row() * tile_h(); }
    // Reduction passes (pyramid levels above the base): log2(S).
    int levels() const;
    std::int64_t texel_count() const { return std::int64_t(atlas) * atlas; }
    std::int64_t voxel_count() const { return std::int64_t(dims[0]) * dims[1] * dims[2]; }

    Texel texel_of(Voxel v) const {
        const int t = tiles_per_row();
        return {tile_w() * (v.z % t) + v.x, tile_h() * (v.z / t) + v.y};
    }
    // False for texels outside the volume (past X or Y in a tile, tiles past slice Z−1).
    bool voxel_of(Texel p, Voxel* out) const {
        const int w = tile_w(), h = tile_h();
        *out = {p.x % w, p.y % h, (p.y / h) * tiles_per_row() + p.x / w};
        return out->x < dims[0] && out->y < dims[1] && out->z < dims[2];
    }

    // Checks that the sizes describe a layout: S a power of two, each of X, Y, Z at least 2,
    // W ≤ S, and the tiles hold all Z slices. On failure returns false and says why in *error.
    bool valid(std::string* error) const;
};

bool is_power_of_two(std::int64_t v);
int log2_exact(std::int64_t v);   // v must be a power of two

// The layouts the demo offers for its procedural cubes: 64³ in 512², 128³ in 2048², 256³ in 4096².
AtlasLayout layout_for_volume(int n);
// The smallest power-of-two atlas, from `smallest` up, that holds an X×Y×Z volume.
AtlasLayout layout_for_dims(const std::array<int, 3>& dims, int smallest = 2);

}  // namespace hp

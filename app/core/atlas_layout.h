// The slice atlas: an N×N×N volume stored as N slices of N×N in an S×S texture.
// Slice z sits in tile (z mod T, z div T), T = S/N tiles per row, so voxel (x,y,z) is texel
// (N·(z mod T) + x, N·(z div T) + y). Everything that maps voxels to texels goes through here.
#pragma once

#include <cstdint>
#include <string>

namespace hp {

struct Texel { int x, y; };
struct Voxel { int x, y, z; };

struct AtlasLayout {
    int atlas = 2048;   // S, texels per side, a power of two
    int volume = 128;   // N, voxels per side, a power of two dividing S

    int tiles_per_row() const { return atlas / volume; }
    // Rows of the atlas that hold slices; the rows below are always empty.
    int volume_rows() const { return (volume + tiles_per_row() - 1) / tiles_per_row() * volume; }
    // Reduction passes (pyramid levels above the base): log2(S).
    int levels() const;
    std::int64_t texel_count() const { return std::int64_t(atlas) * atlas; }

    Texel texel_of(Voxel v) const {
        const int t = tiles_per_row();
        return {volume * (v.z % t) + v.x, volume * (v.z / t) + v.y};
    }
    // False for texels outside the volume (tiles past slice N-1).
    bool voxel_of(Texel p, Voxel* out) const {
        const int t = tiles_per_row();
        const int z = (p.y / volume) * t + p.x / volume;
        if (z >= volume) return false;
        *out = {p.x % volume, p.y % volume, z};
        return true;
    }

    // Checks that the sizes describe a layout: both powers of two, N ≤ S, and the (S/N)² tiles
    // hold all N slices. On failure returns false and says why in *error.
    bool valid(std::string* error) const;
};

bool is_power_of_two(std::int64_t v);
int log2_exact(std::int64_t v);   // v must be a power of two

// The layouts the demo offers: 64³ in 512², 128³ in 2048², 256³ in 4096².
AtlasLayout layout_for_volume(int n);

}  // namespace hp

// The CPU reference of every GPU stage: classification (the base level), the scalar and vec4
// pyramids, traversal of a key, and the compacted stream. Tests run the GPU on an atlas, read
// that atlas back and hold the GPU's answer against these functions on the same numbers.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "atlas_layout.h"

namespace hp {

// surface: cells the iso-surface crosses; solid: voxels at or above iso; labels: voxels of a
// label map that hold a label (≠ 0) with a face toward another (mesh/label_nets.h).
enum class Classify { Surface, Solid, Labels };

// One compacted element: the voxel's coordinates and, in surface mode, the cell's
// marching-cubes case (bit i set where corner i < iso), in solid mode the voxel's value, in
// labels mode the voxel's label.
// Stored as floats on the GPU (RGBA32F); every value here is exact in a float.
struct StreamEntry {
    float x, y, z, w;
    bool operator==(const StreamEntry& o) const {
        return x == o.x && y == o.y && z == o.z && w == o.w;
    }
};

// Corner i of a cell, in the usual marching-cubes table order.
constexpr std::array<Voxel, 8> kCellCorners = {{
    {0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1},
}};

// The atlas's value at voxel v.
inline float atlas_value(const AtlasLayout& l, const float* atlas, Voxel v) {
    const Texel t = l.texel_of(v);
    return atlas[std::size_t(t.y) * std::size_t(l.atlas) + std::size_t(t.x)];
}

// Marching-cubes case of cell v: bit i set where corner i's value < iso.
// v must satisfy x, y, z < N-1.
int cell_case(const AtlasLayout& l, const float* atlas, Voxel v, float iso);

// The label at v, 0 past the volume (labels mode).
float label_at(const AtlasLayout& l, const float* atlas, int x, int y, int z);
// The faces of voxel v that lie between two labels (label_faces.h), 0 for the background.
int label_faces(const AtlasLayout& l, const float* atlas, Voxel v);

// Is the voxel / cell at v active? Surface: its 8 corners are neither all ≥ iso nor all < iso
// (so x, y, z < N-1). Solid: its value ≥ iso. Labels: label_faces ≠ 0.
bool is_active(const AtlasLayout& l, const float* atlas, Voxel v, Classify mode, float iso);

// The base level: 1 for each active texel, 0 elsewhere (row-major, S×S).
std::vector<std::uint8_t> classify(const AtlasLayout& l, const float* atlas, Classify mode,
                                   float iso);

// Scalar pyramid: levels[k] is (S >> (k+1))² sums, each the sum of its four children.
using ScalarPyramid = std::vector<std::vector<std::uint32_t>>;
ScalarPyramid build_scalar_pyramid(const std::vector<std::uint8_t>& base, int size);

// vec4 pyramid: levels[k] texels hold the inclusive partial sums of their children
// (0,0), (1,0), (0,1), (1,1): {a, a+b, a+b+c, a+b+c+d}. The last is the texel's total.
using Vec4Pyramid = std::vector<std::vector<std::array<std::uint32_t, 4>>>;
Vec4Pyramid build_vec4_pyramid(const std::vector<std::uint8_t>& base, int size);

std::uint32_t pyramid_total(const ScalarPyramid& p);
std::uint32_t pyramid_total(const Vec4Pyramid& p);

// Traversal: the base texel that key k (< total) lands on.
Texel traverse(const ScalarPyramid& p, const std::vector<std::uint8_t>& base, int size,
               std::uint32_t key);
Texel traverse(const Vec4Pyramid& p, int size, std::uint32_t key);

// Active base texels in Morton order of their atlas coordinates (x lowest): the stream order.
std::vector<Texel> active_texels_morton(const std::vector<std::uint8_t>& base, int size);

// The stream entry of an active texel.
StreamEntry stream_entry(const AtlasLayout& l, const float* atlas, Texel t, Classify mode,
                         float iso);

// The whole compacted stream the GPU must produce, at most `limit` entries.
std::vector<StreamEntry> reference_stream(const AtlasLayout& l, const float* atlas,
                                          Classify mode, float iso,
                                          std::uint32_t limit = UINT32_MAX);

}  // namespace hp

// One brick's own histopyramid, as the second level builds it for the brick's tile of its base
// (app/gpu/brick_cells.h): the brick's B slices of B×B cells (classify=labels: voxels) laid
// t×t slices in a square tile, each texel 1 where its cell is active, and the sums above it, a
// level at a time, to the brick's count at the top. Made on the CPU for the Explain view (a
// brick chosen by its key). At the page's 16³ the tile is 64², a power of two, and these are
// the GPU's own levels over it; at 8³ and 32³ (a tile of 24² or 192²) the GPU's levels above
// the slices mix neighbouring tiles, and this is the brick alone, padded to a power of two.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "brick_grid.h"
#include "voxel_values.h"

namespace hp {

struct BrickPyramid {
    std::array<int, 3> brick{};  // which
    int side = 0;                // the base's: t·B up to a power of two
    int slices_a_side = 0;       // t = ⌈√B⌉
    // levels[k]: (side >> k)² sums, row-major; the last is 1×1, the brick's active cells.
    std::vector<std::vector<std::uint32_t>> levels;
    std::uint32_t count() const { return levels.empty() ? 0 : levels.back()[0]; }
};

// Brick `brick` of a grid of `size` cells a side over `values` (dims): its cells crossed by
// `iso` (some corner below it, some not) read through `crop` (null: none; outside it the
// background), or with `labels` its voxels with a face toward another label (brick_grid.h's
// label_bricks: voxels b·B … b·B + B − 1; the outside of the volume and of the box the background).
BrickPyramid brick_pyramid(const VoxelValues& values, const std::array<int, 3>& dims, int size,
                           const std::array<int, 3>& brick, float iso, const BrickCrop* crop, bool labels);

}  // namespace hp

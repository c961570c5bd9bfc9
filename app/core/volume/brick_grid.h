// The first level of a bricked compaction (issue 40): the volume's cells cut into bricks of B³
// cells, each brick holding the one-voxel apron its last cells need (B + 1 voxels a side, fewer
// at the volume's far faces), with the lowest and highest value among its voxels, made once a
// load. At an iso, a brick is active when its range straddles it (lowest < iso ≤ highest): the
// same bricks as those holding an active cell (some corner below iso, some not), since two
// neighbouring voxels of a brick on either side of the iso share one of its cells' edges. The
// second level then needs to look only at the active bricks' cells.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "crop_box.h"
#include "voxel_values.h"

namespace hp {

// The page's brick: 16³ cells (17³ voxels). On a whole-body CT at bone (docs/volumes.md) 19 % of
// such bricks straddle the iso, holding 23 % of the voxels, against 34 % in 32³ bricks; at 8³
// the apron alone adds 42 % to a brick and the grid is eight times larger.
constexpr int kBrickCells = 16;

struct BrickGrid {
    int size = 0;                  // B: cells a side
    std::array<int, 3> grid{};     // bricks along each axis: ceil((dims − 1) / B) (label_bricks': ceil(dims / B))
    std::array<int, 3> dims{};     // the volume's voxels
    std::vector<float> lo, hi;     // each brick's range, x fastest
    std::size_t bricks() const { return lo.size(); }
};

struct BrickCount {
    std::uint64_t active = 0;        // bricks straddling the iso
    std::uint64_t voxels_held = 0;   // their voxels, the apron included
};

// The grid of `values` (X·Y·Z, x fastest; each axis ≥ 2) in bricks of `size` cells.
BrickGrid brick_grid(const float* values, const std::array<int, 3>& dims, int size);
// The same over a volume's values in their stored type.
BrickGrid brick_grid(const VoxelValues& values, const std::array<int, 3>& dims, int size);
// brick_grid made as a volume's values arrive in order: arrived(values, n) once its first n
// values are in takes the rows they complete; once every row is in, grid() is brick_grid's.
class BrickGridRows {
public:
    BrickGridRows(const std::array<int, 3>& dims, int size);
    void arrived(const VoxelValues& values, std::uint64_t count);
    bool done() const;
    BrickGrid& grid() { return grid_; }

private:
    BrickGrid grid_;
    std::uint64_t rows_ = 0;  // rows taken (row r = y + Y·z)
};
// A crop box (one that is not the whole volume) and the value its outside reads as.
struct BrickCrop {
    CropBox box;
    float background = 0;
    bool operator==(const BrickCrop& o) const { return box.lo == o.box.lo && box.hi == o.box.hi && background == o.background; }
    bool operator!=(const BrickCrop& o) const { return !(*this == o); }
    // A request's box as a value (none: null), to compare with the one a surface was made with.
    static std::optional<BrickCrop> of(const BrickCrop* c) { return c ? std::optional<BrickCrop>(*c) : std::nullopt; }
};
// The active bricks at `iso`: counted, and listed (brick indices, ascending) where `out` is given.
// With `crop`: a brick none of whose voxels is in the box is not active (they all read the
// background); one the box cuts is active when its range with the background straddles the iso
// (a superset of those holding an active cell: its voxels outside the box read the background,
// whatever they hold).
BrickCount active_bricks(const BrickGrid& g, float iso, std::vector<std::uint32_t>* out = nullptr,
                         const BrickCrop* crop = nullptr);

// classify=labels in bricks: the list is of voxels, not cells (a voxel holding a label with a
// face neighbour holding another; the outside of the volume is the background, 0), and a voxel
// reads its neighbours one either side (its faces, and the dual cells around it for its
// vertices). So a labels brick b *owns* the voxels b·B … b·B + B − 1 along each axis
// (ceil(dims / B) bricks: one more than the cells' grid where B divides dims − 1) and reads
// b·B − 1 … b·B + B: the slot of the cells' brick b (brick_pool.h) holds exactly those. The
// grid of `values` below flags each labels brick that may own an active voxel in lo/hi, so
// that active_bricks and the GPU's first level pick them at kLabelIso unchanged: [0, 1] where
// the labels it reads are not all one (the background among them where it reads past the
// volume's faces), [1, 1] where they are all one label ≠ 0, [0, 0] where all the background. A crop box's
// outside reads the background (0): widening [1, 1] by it makes the brick active, as it should
// where the box cuts what the brick reads (label_level_crop below).
constexpr float kLabelIso = 0.5f;
BrickGrid label_bricks(const VoxelValues& values, const std::array<int, 3>& dims, int size);
// The box the first level of label_bricks' grid is given for `crop`: active_bricks and the GPU
// level test a brick's cut against the span b·B … b·B + B, where a labels brick reads from
// b·B − 1: the box's low corner one higher makes "wholly inside" mean what it reads (no
// higher than the volume's last voxel: a brick starting there reads past the volume anyway).
BrickCrop label_level_crop(const BrickCrop& crop, const std::array<int, 3>& dims);
// The box the first level is given for a read crop `crop` (null: none) of a surface's grid, or
// of label_bricks' where `labels`: none, the same box, or label_level_crop's.
inline std::optional<BrickCrop> level_crop_of(const BrickCrop* crop, bool labels, const std::array<int, 3>& dims) {
    if (!crop) return std::nullopt;
    return labels ? label_level_crop(*crop, dims) : *crop;
}

}  // namespace hp

// A volume's surface made in bricks (issue 40), both levels on the GPU, for a volume that need
// not fit one atlas: the first level (brick_level.h) lists the bricks whose range straddles the
// iso, the pool's residency (brick_pool.h) puts them into the pool's slots in rounds, and each
// round uploads only the bricks it lacks and runs the second level (brick_cells.h): the
// marching-cubes vertices of its bricks' cells, read back and appended. The same vertices as
// the unbricked surface of the whole volume (tests/gpu/brick_level_test.cpp), in the rounds'
// order: a soup, 3 vertices a triangle, in voxel index units.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "brick_cells.h"
#include "brick_level.h"
#include "brick_pool.h"

namespace hp {

class BrickedSurface {
public:
    // The slots a pool within `budget_bytes` of GPU memory holds for `grid`'s bricks
    // (BrickCells::bytes_for), A×A of them, A·(B + 3) within `max_3d` (the GPU's largest 3D
    // texture), no more than the grid's bricks; one at least.
    static std::uint32_t slots_for(const BrickGrid& grid, double budget_bytes, int max_3d);

    // The levels and a pool of `slots` slots for `grid`'s bricks; false and why.
    bool init(const BrickGrid& grid, std::uint32_t slots, std::string* error);
    void abandon();
    bool ready() const { return level_ && level_->ready(); }

    // What the last run did.
    struct Figures {
        std::uint32_t active = 0;     // bricks straddling the iso
        std::uint32_t rounds = 0;     // the pool filled this many times
        std::uint32_t uploaded = 0;   // bricks written into the pool by this run
        std::uint64_t uploads = 0;    // ... and since init()
        std::uint32_t slots = 0;
        std::uint64_t vertices = 0;   // the surface's (3 a triangle)
        bool truncated = false;       // a round's vertices outgrew its stream: some were lost
    };
    // The surface of `values` (the grid's volume) at `iso`: its vertices' positions and normals
    // (3 floats each) appended to the vectors given, which it clears first.
    Figures run(const VoxelValues& values, float iso, std::vector<float>* positions, std::vector<float>* normals);

private:
    // Made anew by init() (the old ones' GL objects deleted), forgotten by abandon().
    std::unique_ptr<BrickLevel> level_;
    std::unique_ptr<BrickCells> cells_;
    BrickResidency pool_;
};

}  // namespace hp

// A volume's surface made in bricks (issue 40), both levels on the GPU, for a volume that need
// not fit one atlas: the first level (brick_level.h) lists the bricks whose range straddles the
// iso, the pool's residency (brick_pool.h) puts them into the pool's slots in rounds, and each
// round uploads only the bricks it lacks and runs the second level (brick_cells.h): the
// marching-cubes vertices of its bricks' cells, copied on the GPU (readPixels into a pixel-pack
// buffer: a copy, no pass) from the extraction's textures into two buffers after the rounds
// before it, positions and normals as RGBA32F texels in the textures' 8×4 tiles; one element
// buffer names vertex k's texel, so a round draws as indexed triangles. Nothing but the counts
// comes back. The same vertices as the unbricked surface of the whole volume
// (tests/gpu/brick_level_test.cpp), in the rounds' order: a soup, 3 vertices a triangle, in
// voxel index units.
#pragma once

#include <array>
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
    // The pool and the round within `budget_bytes` of GPU memory for `grid`'s bricks
    // (BrickCells::pool_bytes and round_bytes): the round as many bricks as its passes take in
    // about 4M cells (96 MiB at most; a budget past 256 MiB raises both in proportion, the bytes
    // to a quarter of it) or fewer where the budget is small, the pool the slots the
    // rest holds (at least the round's; within the largest 3D texture, `max_3d`; no more than
    // the grid's bricks).
    struct Size {
        std::uint32_t slots = 1, round = 1;
    };
    static Size size_for(const BrickGrid& grid, double budget_bytes, int max_3d, Stored type);

    // The levels and a pool for `grid`'s bricks, of `values`' stored type and scaling (the
    // volume run() is given); false and why. `labels`: classify=labels, `grid` label_bricks'
    // (brick_grid.h): the voxels between labels and their surface nets (BrickCells::init).
    bool init(const BrickGrid& grid, Size size, const VoxelValues& values, std::string* error, bool labels = false);
    void abandon();
    bool ready() const { return level_ && level_->ready(); }

    // What the last run did (brick_pool.h: the WebGPU surface in bricks gives the same).
    using Figures = BrickFigures;
    void profile(bool on) { profile_ = on; }
    // The surface of `values` (the grid's volume) at `iso` (labels: kLabelIso), into the buffer
    // (vertices() of them).
    Figures run(const VoxelValues& values, float iso, const BrickCrop* crop = nullptr);

    // What the last run wrote: vertices() of them, in rounds; round r's vertex k is texel
    // elements()[k] of its part of the buffers (positions: x, y, z, 1; normals: nx, ny, nz, 0).
    std::uint32_t vertices() const { return written_; }
    std::size_t rounds() const { return rounds_.size(); }
    std::uint32_t round_vertices(std::size_t r) const { return rounds_[r].vertices; }
    // Points the vertex array's attributes 0 (position) and 1 (normal) at round r's texels and
    // binds it, the element buffer with it: glDrawElements(GL_TRIANGLES, round_vertices(r), …).
    void bind_round(std::size_t r) const;
    std::uint64_t buffer_bytes() const { return 2 * capacity_ * kTexelBytes; }
    // The first `n` vertices read back (waits): 3 floats each; labels: each vertex's label and
    // the label across its face (the positions' and normals' w) where `labels` is given.
    void read(std::uint32_t n, std::vector<float>* positions, std::vector<float>* normals,
              std::vector<float>* labels = nullptr, std::vector<float>* others = nullptr) const;

private:
    static constexpr std::uint64_t kTexelBytes = 16;  // RGBA32F
    void append(std::uint32_t n);  // the round's first n vertices after those written
    // A round's surface (its bricks uploaded) appended; one whose vertices outgrow the
    // extraction's stream (a label map's voxels take up to 36) runs again in halves.
    void mesh_round(const BrickResidency::Round& round, float iso, Figures* f);
    bool reserve(std::uint64_t texels);
    void index(std::uint32_t n);  // the element buffer holds keys 0 … n − 1

    // Made anew by init() (the old ones' GL objects deleted), forgotten by abandon().
    std::unique_ptr<BrickLevel> level_;
    std::unique_ptr<BrickCells> cells_;
    BrickResidency pool_;
    std::uint32_t round_ = 0;
    bool labels_ = false;
    std::array<int, 3> dims_{};
    bool profile_ = false;
    gl::Buffer positions_, normals_, elements_;
    gl::VertexArray vao_;
    std::uint64_t capacity_ = 0, used_ = 0;  // texels the buffers hold, and those written
    std::uint32_t indexed_ = 0;              // keys the element buffer holds
    int width_ = 0;                          // the extraction's textures' width (the tiles')
    struct Round {
        std::uint64_t first = 0;  // its first texel in the buffers
        std::uint32_t vertices = 0;
    };
    std::vector<Round> rounds_;
    std::uint32_t written_ = 0;
};

}  // namespace hp

// The first level of a bricked compaction (issue 40), on the GPU: each brick's value range (its
// voxels with the one-voxel apron its cells read: app/core/volume/brick_grid.h) a texel of a
// texture, a pass that marks the bricks whose range straddles the iso (shaders/brick_flags.frag:
// exactly the bricks holding a cell the surface crosses, docs/algorithm.md), and a histopyramid
// (histopyramid.h, the library as another engine would take it) that compacts them into the
// list of active bricks: what the second level classifies and the brick pool holds.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "brick_grid.h"
#include "fullscreen_pass.h"
#include "gl_objects.h"
#include "histopyramid.h"

namespace hp {

class BrickLevel {
public:
    // The grid's ranges uploaded into a side×side texture (side: the smallest power of two from
    // 16 whose square holds the bricks), brick b at texel (b mod side, b div side); the pass and
    // the pyramid built for that side. False and why (a GL object that cannot be made).
    bool init(const BrickGrid& grid, std::string* error);
    void abandon();  // forgets the GL objects without deleting them (their context is gone)
    bool ready() const { return side_ > 0; }
    int side() const { return side_; }

    // Marks and compacts the bricks active at `iso`; the count read back (waits for the GPU).
    // `crop`: null, or a box that is not the whole volume (brick_grid.h's active_bricks).
    std::uint32_t run(float iso, const BrickCrop* crop = nullptr);
    // The page's way, which never waits: marks and reduces at `iso` and starts reading the count
    // (the pyramid's async ring, count_readback.h, which skips a request while all its buffers
    // are in flight); newest() gives the newest count that has arrived if it was asked at `iso`.
    void request(float iso);
    bool newest(float iso, std::uint32_t* active);
    // The active bricks' numbers (x fastest over the grid, as brick_grid.h numbers them) in the
    // pyramid's order (Morton order of their texels): `count` of them, as run() gave it.
    std::vector<std::uint32_t> read_active(std::uint32_t count) const;

private:
    class FlagsPass : public FullscreenPass {
    public:
        bool init(std::string* error) { return build({"brick_flags.frag"}, error); }
        void run(const gl::Framebuffer& target, const gl::Texture& ranges, int side, float iso) const;
        void crop(const BrickGrid& grid, const BrickCrop* crop) const;  // its uniforms, before run()
    };

    int side_ = 0;
    BrickGrid grid_;  // the sizes of the grid init() was given (its ranges are in the texture)
    static constexpr std::uint32_t kIsosKept = 8;
    std::array<float, kIsosKept> iso_of_request_{};  // request k's iso at k mod kIsosKept
    std::uint32_t requests_ = 0;
    gl::Texture ranges_;  // RG32F: (lo, hi); past the grid (1, 0), never active
    gl::Texture base_;    // R8: 1 for an active brick
    gl::Framebuffer base_target_;
    FlagsPass flags_;
    HistoPyramid pyramid_;
};

}  // namespace hp

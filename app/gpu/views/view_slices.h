// The slices view: the slice atlas as the GPU holds it, every slice a tile, colored by value
// with the iso-surface's cells marked (shaders/view_slices.frag); where the surface is made in
// bricks, the bricks the first level left out dimmed, so the lit ones are those it compacts.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "view_program.h"
#include "volume_stages.h"

namespace hp {

// The first level's bricks as the slices view marks them: brick (x, y, z) of `grid` spans the
// voxels size·(x, y, z) on (the cells' bricks and the labels' alike), `active` one byte a brick
// (x fastest), made anew where `revision` changes.
struct BrickMarks {
    int size = 0;
    std::array<int, 3> grid{};
    int preview = 1;  // the atlas holds every f-th voxel of the volume the bricks cut
    const std::vector<std::uint8_t>* active = nullptr;
    std::uint32_t count = 0;  // the active bricks
    std::uint64_t revision = 0;
    // The brick holding voxel (x, y, z) of the atlas (a preview's: every `preview`-th voxel).
    std::array<int, 3> brick_of(int x, int y, int z) const {
        const int v[3] = {x, y, z};
        std::array<int, 3> b{};
        for (std::size_t a = 0; a < 3; ++a) b[a] = std::min(v[a] * preview / size, grid[a] - 1);
        return b;
    }
};

class SlicesView {
public:
    bool init(std::string* error);
    void abandon() {
        view_.abandon();
        flags_.abandon();
        revision_ = 0;
    }
    // `bricks`: null, or the bricks to mark.
    void draw(PanelRect r, const VolumeStages& volume, float iso, const std::array<float, 2>& range,
              const BrickMarks* bricks = nullptr);

private:
    ViewProgram view_;
    GLint u_range_ = -1, u_bricks_ = -1, u_brick_grid_ = -1, u_preview_ = -1, u_flags_ = -1;
    gl::Texture flags_;  // R8UI gx × (gy·gz): the marks' bytes
    std::uint64_t revision_ = 0;
    GLint max_texture_ = 0;
};

}  // namespace hp

// The stream view: the compacted stream's first rows, key k at texel (k mod size,
// k div size), each entry colored by the voxel it names (shaders/view_stream.frag).
#pragma once

#include <cstdint>
#include <array>
#include <string>

#include "view_program.h"

namespace hp {

class StreamView {
public:
    bool init(std::string* error);
    void abandon() { view_.abandon(); }
    // `stream`: RGBA32F, size×size; `count` keys written; `volume`: N of the N³ volume.
    void draw(PanelRect r, const gl::Texture& stream, int size, std::uint32_t count, const std::array<int, 3>& dims) const;
    // The rows shown: a power of two from 16 that holds `count` keys.
    static int rows_shown(int size, std::uint32_t count);

private:
    ViewProgram view_;
    GLint u_count_ = -1, u_dims_ = -1;
};

}  // namespace hp

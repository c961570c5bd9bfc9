// The traversal: one fragment a stream texel whose key is below the limit (and below the
// total, read on the GPU); each walks the pyramid from the top down to the base texel that
// holds its key and writes hp_emit(texel) there (shaders/traverse.frag with
// traverse_common.glsl and traverse_scalar.glsl / traverse_vec4.glsl). Key k is stream
// texel (k mod size, k div size), or in 8×4 tiles (HistoPyramidDesc::tiles); only the rows
// the limit needs are drawn.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gl_objects.h"
#include "histopyramid_desc.h"

namespace hp {

class TraversePass {
public:
    // The stream textures (desc.stream_outputs, RGBA32F size×size, cleared) and the program.
    bool init(const HistoPyramidDesc& desc, const std::string& defines, int levels, std::string* error);
    void abandon();
    void run(const gl::Texture& pyramid, const gl::Texture& base, std::uint32_t limit);

    std::vector<float> read_stream(std::uint32_t count, int output) const;
    const gl::Texture& stream(int output) const { return streams_[std::size_t(output)]; }
    const gl::Program& program() const { return program_; }

private:
    bool make_streams(const HistoPyramidDesc& desc, std::string* error);

    int size_ = 0;
    std::vector<gl::Texture> streams_;  // one a traversal output
    gl::Framebuffer target_;
    gl::Program program_;
    GLint u_limit_ = -1;
    gl::VertexArray vao_;
    bool tiles_ = false;  // HistoPyramidDesc::tiles
    int rows_dirty_ = 0;  // rows the previous traversal may have written
};

}  // namespace hp

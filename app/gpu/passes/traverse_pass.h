// The traversal: one fragment a stream texel whose key is below the limit (and below the
// total, read on the GPU); each walks the pyramid from the top down to the base texel that
// holds its key and writes hp_emit(texel) there (shaders/traverse.frag with
// traverse_common.glsl and traverse_scalar.glsl / traverse_vec4.glsl). Key k is stream
// texel (k mod size, k div size), or in 8×4 tiles (HistoPyramidDesc::tiles); only the rows
// the limit needs are drawn. The stream textures are size wide and as high as the keys drawn
// so far need (HistoPyramidDesc::first_stream_keys to start with): a 16384² RGBA32F stream
// would be 4 GiB; the 7.6M cells of a 512³ gyroid take 512 rows (128 MiB), its 45.5M
// vertices 4096 rows (1 GiB a texture).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gl_objects.h"
#include "histopyramid_desc.h"

namespace hp {

class TraversePass {
public:
    // The stream textures (desc.stream_outputs, RGBA32F, cleared) and the program.
    bool init(const HistoPyramidDesc& desc, const std::string& defines, int levels, std::string* error);
    void abandon();
    // Grows the streams first where `limit` keys do not fit (they never shrink).
    void run(const gl::Texture& pyramid, const gl::Texture& base, std::uint32_t limit);

    std::vector<float> read_stream(std::uint32_t count, int output) const;
    const gl::Texture& stream(int output) const { return streams_[std::size_t(output)]; }
    const gl::Program& program() const { return program_; }
    int stream_rows() const { return rows_; }  // the stream textures' height

private:
    bool make_streams(int rows);

    int size_ = 0;
    int outputs_ = 1;  // HistoPyramidDesc::stream_outputs
    int rows_ = 0;     // the stream textures are size_ × rows_
    std::vector<gl::Texture> streams_;  // one a traversal output
    gl::Framebuffer target_;
    gl::Program program_;
    GLint u_limit_ = -1;
    gl::VertexArray vao_;
    bool tiles_ = false;  // HistoPyramidDesc::tiles
    int rows_dirty_ = 0;  // rows the previous traversal may have written
};

}  // namespace hp

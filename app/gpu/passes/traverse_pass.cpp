#include "traverse_pass.h"

#include "shader_program.h"
#include "stream_target.h"

namespace hp {

bool TraversePass::make_streams(int rows) {
    streams_.clear();
    target_ = gl::Framebuffer();
    for (int i = 0; i < 8 && glGetError() != GL_NO_ERROR; ++i) {}  // errors from before
    for (int i = 0; i < outputs_; ++i) streams_.emplace_back(GL_RGBA32F, size_, rows);
    // Asked once a growth, never per frame: a GPU without the memory (an RGBA32F row of
    // 16384 texels is 256 KiB a texture) says so here.
    if (glGetError() == GL_OUT_OF_MEMORY) return false;
    target_ = outputs_ == 1 ? gl::color_targets({&streams_[0]}) : gl::color_targets({&streams_[0], &streams_[1]});
    rows_ = rows;
    rows_dirty_ = 0;
    if (!target_) return false;
    clear_stream(target_);  // texels past the count read as zero from the first frame
    return true;
}

bool TraversePass::init(const HistoPyramidDesc& desc, const std::string& defines, int levels, std::string* error) {
    size_ = desc.size;
    tiles_ = desc.tiles;
    outputs_ = desc.stream_outputs;
    if (outputs_ < 1 || outputs_ > 2) {
        *error = "a traversal writes one or two stream textures";
        return false;
    }
    if (!make_streams(stream_rows_for(desc.first_stream_keys, size_))) {
        *error = "cannot render into the RGBA32F stream texture";
        return false;
    }
    std::vector<const char*> find = {"pyramid_format.glsl", "traverse_common.glsl",
                                     desc.layout == PyramidLayout::Vec4 ? "traverse_vec4.glsl" : "traverse_scalar.glsl"};
    find.insert(find.end(), desc.emit.begin(), desc.emit.end());
    find.push_back(desc.traverse_main);
    program_ = gl::build_program({"fullscreen.vert"}, find, error, defines);
    if (!program_) return false;
    glUseProgram(program_.id());
    glUniform1i(gl::uniform(program_, "uPyramid"), 0);
    glUniform1i(gl::uniform(program_, "uBase"), 1);
    u_limit_ = gl::uniform(program_, "uLimit");
    glUniform1i(gl::uniform(program_, "uTopLod"), levels - 1);
    glUniform1i(gl::uniform(program_, "uSize"), size_);
    glUseProgram(0);
    vao_ = gl::make_vertex_array();
    return true;
}

void TraversePass::abandon() {
    for (auto& t : streams_) t.abandon();
    target_.abandon();
    program_.abandon();
    vao_.abandon();
}

void TraversePass::run(const gl::Texture& pyramid, const gl::Texture& base, std::uint32_t limit) {
    // Grown for the keys asked for; where the GPU has no memory for that, the rows it had
    // again, and the keys past them are not written.
    const int rows = stream_rows_for(limit, size_);
    if (rows > rows_ && !make_streams(rows)) make_streams(rows_);
    glBindVertexArray(vao_.id());
    glUseProgram(program_.id());
    gl::bind_texture(0, pyramid);
    gl::bind_texture(1, base);
    rows_dirty_ = draw_stream_rows(target_, size_, rows_, limit, rows_dirty_, u_limit_,
                                   [](std::uint32_t) { glDrawArrays(GL_TRIANGLES, 0, 3); }, tiles_);
}

std::vector<float> TraversePass::read_stream(std::uint32_t count, int output) const {
    return read_stream_rows(target_, size_, rows_, count, output, tiles_);
}

}  // namespace hp

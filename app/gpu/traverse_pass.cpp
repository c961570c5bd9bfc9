#include "traverse_pass.h"

#include "shader_program.h"
#include "stream_target.h"

namespace hp {

bool TraversePass::make_streams(const HistoPyramidDesc& desc, std::string* error) {
    if (desc.stream_outputs < 1 || desc.stream_outputs > 2) {
        *error = "a traversal writes one or two stream textures";
        return false;
    }
    for (int i = 0; i < desc.stream_outputs; ++i) streams_.emplace_back(GL_RGBA32F, size_, size_);
    target_ = desc.stream_outputs == 1 ? gl::color_targets({&streams_[0]})
                                       : gl::color_targets({&streams_[0], &streams_[1]});
    if (!target_) {
        *error = "cannot render into the RGBA32F stream texture";
        return false;
    }
    return true;
}

bool TraversePass::init(const HistoPyramidDesc& desc, const std::string& defines, int levels, std::string* error) {
    size_ = desc.size;
    tiles_ = desc.tiles;
    if (!make_streams(desc, error)) return false;
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
    clear_stream(target_);  // texels past the count read as zero from the first frame
    return true;
}

void TraversePass::abandon() {
    for (auto& t : streams_) t.abandon();
    target_.abandon();
    program_.abandon();
    vao_.abandon();
}

void TraversePass::run(const gl::Texture& pyramid, const gl::Texture& base, std::uint32_t limit) {
    glBindVertexArray(vao_.id());
    glUseProgram(program_.id());
    gl::bind_texture(0, pyramid);
    gl::bind_texture(1, base);
    rows_dirty_ = draw_stream_rows(target_, size_, limit, rows_dirty_, u_limit_,
                                   [](std::uint32_t) { glDrawArrays(GL_TRIANGLES, 0, 3); }, tiles_);
}

std::vector<float> TraversePass::read_stream(std::uint32_t count, int output) const {
    return read_stream_rows(target_, size_, count, output, tiles_);
}

}  // namespace hp

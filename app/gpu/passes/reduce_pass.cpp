#include "reduce_pass.h"

#include "shader_program.h"

namespace hp {

bool ReducePass::init(const HistoPyramidDesc& desc, const std::string& defines, std::string* error) {
    const bool vec4 = desc.layout == PyramidLayout::Vec4;
    program_ = gl::build_program({"fullscreen.vert"},
                                 {"pyramid_format.glsl", vec4 ? "reduce_vec4.frag" : "reduce_scalar.frag"}, error,
                                 defines);
    if (!program_) return false;
    glUseProgram(program_.id());
    glUniform1i(gl::uniform(program_, "uPyramid"), 0);
    glUniform1i(gl::uniform(program_, "uBase"), 1);
    u_below_is_base_ = gl::uniform(program_, "uBelowIsBase");
    glUseProgram(0);
    vao_ = gl::make_vertex_array();
    return true;
}

void ReducePass::abandon() {
    program_.abandon();
    vao_.abandon();
}

void ReducePass::run(const gl::Texture& base, const gl::Texture& pyramid,
                     const std::vector<gl::Framebuffer>& level_targets, int size) const {
    const int levels = int(level_targets.size());
    glBindVertexArray(vao_.id());
    glUseProgram(program_.id());
    gl::bind_texture(1, base);
    glActiveTexture(GL_TEXTURE0);
    for (int lod = 0; lod < levels; ++lod) {
        // Level lod+1 reads level lod: the base first, then the pyramid's own lower lod.
        // Sampling exactly that one lod of the texture being rendered into is what makes this
        // legal (no feedback loop): the rendered lod is outside [BASE_LEVEL, MAX_LEVEL].
        if (lod == 0) {
            glBindTexture(GL_TEXTURE_2D, 0);
        } else {
            glBindTexture(GL_TEXTURE_2D, pyramid.id());
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, lod - 1);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, lod - 1);
        }
        glUniform1i(u_below_is_base_, lod == 0);
        glBindFramebuffer(GL_FRAMEBUFFER, level_targets[std::size_t(lod)].id());
        const int s = size >> (lod + 1);
        glViewport(0, 0, s, s);
        glDrawArrays(GL_TRIANGLES, 0, 3);
    }
    // The traversal and the views read every level.
    glBindTexture(GL_TEXTURE_2D, pyramid.id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, levels - 1);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace hp

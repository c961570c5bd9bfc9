#include "classify_pass.h"

#include "shader_program.h"
#include "volume_stages.h"

namespace hp {

bool ClassifyPass::init(std::string* error) {
    program_ = gl::build_program({"fullscreen.vert"}, {"volume.glsl", "classify.frag"}, error);
    if (!program_) return false;
    volume_ = VolumeUniforms::of(program_);
    vao_ = gl::make_vertex_array();
    return true;
}

void ClassifyPass::abandon() {
    program_.abandon();
    vao_.abandon();
}

void ClassifyPass::run(const VolumeStages& volume, const gl::Framebuffer& base_target, Classify mode,
                       float iso) const {
    volume.bind_volume(program_, volume_, mode, iso);
    glBindVertexArray(vao_.id());
    glBindFramebuffer(GL_FRAMEBUFFER, base_target.id());
    glViewport(0, 0, volume.layout().atlas, volume.layout().atlas);
    // Only the volume's rows can be active; the rest of the base stays zero.
    volume.draw_volume_rows();
}

}  // namespace hp

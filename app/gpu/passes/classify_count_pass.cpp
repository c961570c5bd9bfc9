#include "classify_count_pass.h"

#include "mc_tables.h"
#include "shader_program.h"
#include "volume_stages.h"

namespace hp {

bool ClassifyCountPass::init(std::string* error) {
    program_ =
        gl::build_program({"fullscreen.vert"}, {"volume.glsl", "mc_tables.glsl", "classify_count.frag"}, error);
    if (!program_) return false;
    volume_ = VolumeUniforms::of(program_);
    McTables::set_units(program_);
    vao_ = gl::make_vertex_array();
    return true;
}

void ClassifyCountPass::abandon() {
    program_.abandon();
    target_.abandon();
    vao_.abandon();
}

void ClassifyCountPass::run(const VolumeStages& volume, const McTables& tables, const gl::Texture& counts,
                            Classify mode, float iso) {
    if (!target_ || target_base_ != volume.base().id()) {
        target_ = gl::color_targets({&volume.base(), &counts});
        target_base_ = volume.base().id();
    }
    volume.bind_volume(program_, volume_, mode, iso);
    tables.bind();
    glBindVertexArray(vao_.id());
    glBindFramebuffer(GL_FRAMEBUFFER, target_.id());
    glViewport(0, 0, counts.width(), counts.height());
    // Only the volume's rows hold cells; the rest of both targets stays zero.
    volume.draw_volume_rows();  // counts is the atlas's size
}

}  // namespace hp

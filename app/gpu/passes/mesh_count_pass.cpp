#include "mesh_count_pass.h"

#include "mc_tables.h"
#include "shader_program.h"
#include "volume_stages.h"

namespace hp {

bool MeshCountPass::init(std::string* error) {
    program_ = gl::build_program({"fullscreen.vert"}, {"volume.glsl", "mc_tables.glsl", "mesh_count.frag"}, error);
    if (!program_) return false;
    volume_ = VolumeUniforms::of(program_);
    McTables::set_units(program_);
    vao_ = gl::make_vertex_array();
    return true;
}

void MeshCountPass::abandon() {
    program_.abandon();
    vao_.abandon();
}

void MeshCountPass::run(const VolumeStages& volume, const McTables& tables, const gl::Texture& counts,
                        const gl::Framebuffer& counts_target, Classify mode, float iso) const {
    volume.bind_volume(program_, volume_, mode, iso);
    tables.bind();
    glBindVertexArray(vao_.id());
    glBindFramebuffer(GL_FRAMEBUFFER, counts_target.id());
    glViewport(0, 0, counts.width(), counts.height());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace hp

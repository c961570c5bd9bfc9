#include "mesh_count_pass.h"

#include "surface_mesh.h"

namespace hp {

void MeshCountPass::run(const SurfaceMesh& mesh) const {
    mesh.tables().bind();
    begin(mesh.counts_target(), mesh.counts().width(), mesh.counts().height());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace hp

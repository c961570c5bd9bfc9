#include "surface_mesh.h"

#include "mesh_extract_pass.h"
#include "shader_program.h"

namespace hp {

bool SurfaceMesh::init(const AtlasLayout& layout, SumFormat format, std::string* error) {
    *this = SurfaceMesh();
    const int s = layout.atlas;
    counts_ = gl::Texture(GL_RG16F, s, s);
    counts_target_ = gl::color_target(counts_);
    if (!counts_target_) {
        *error = "cannot render into an RG16F texture (the mesh's vertex counts)";
        return false;
    }
    // The fused pass writes only the volume's rows: the rest stays zero.
    glBindFramebuffer(GL_FRAMEBUFFER, counts_target_.id());
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    tables_.init();
    return pyramid_.init(MeshExtractPass::pyramid_desc(s, format), error);
}

void SurfaceMesh::abandon() {
    counts_.abandon();
    counts_target_.abandon();
    tables_.abandon();
    pyramid_.abandon();
}

SurfaceMesh::WalkUniforms SurfaceMesh::WalkUniforms::of(const gl::Program& p) {
    return {gl::uniform(p, "uPyramid"), gl::uniform(p, "uBase"), gl::uniform(p, "uTopLod"), gl::uniform(p, "uSize"),
            gl::uniform(p, "uLimit")};
}

void SurfaceMesh::bind_walk(const gl::Program& p, const WalkUniforms& u, std::uint32_t limit) const {
    glUseProgram(p.id());
    glUniform1i(u.pyramid, 0);
    glUniform1i(u.base, 1);
    glUniform1i(u.top_lod, pyramid_.levels() - 1);
    glUniform1i(u.size, pyramid_.size());
    glUniform1ui(u.limit, limit);
    gl::bind_texture(0, pyramid_.pyramid());
    gl::bind_texture(1, counts_);
    tables_.bind();
}

std::vector<float> SurfaceMesh::xyz(const std::vector<float>& rgba) {
    std::vector<float> out(rgba.size() / 4 * 3);
    for (std::size_t i = 0, j = 0; i + 3 < rgba.size(); i += 4, j += 3) {
        out[j] = rgba[i];
        out[j + 1] = rgba[i + 1];
        out[j + 2] = rgba[i + 2];
    }
    return out;
}

}  // namespace hp

#include "surface_mesh.h"

#include <array>

#include "marching_cubes.h"
#include "shader_program.h"

namespace hp {

bool SurfaceMesh::init(const AtlasLayout& layout, std::string* error) {
    *this = SurfaceMesh();
    const int s = layout.atlas;
    counts_ = gl::Texture(GL_R16F, s, s);
    counts_target_ = gl::color_target(counts_);
    if (!counts_target_) {
        *error = "cannot render into an R16F texture (the mesh's vertex counts)";
        return false;
    }
    count_ = gl::build_program({"fullscreen.vert"}, {"volume.glsl", "mc_tables.glsl", "mc_count.frag"}, error);
    if (!count_) return false;
    classify_count_ = gl::build_program({"fullscreen.vert"}, {"volume.glsl", "mc_tables.glsl", "classify_count.frag"},
                                        error);
    if (!classify_count_) return false;
    // The fused pass writes only the volume's rows: the rest stays zero.
    glBindFramebuffer(GL_FRAMEBUFFER, counts_target_.id());
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    // The tables, once: 256 vertex counts and 256 × 16 edges (-1 past a case's vertices).
    std::array<std::uint8_t, 256> counts{};
    for (int c = 0; c < 256; ++c) counts[std::size_t(c)] = std::uint8_t(mc::vertex_count(c));
    table_counts_ = gl::Texture(GL_R8UI, 256, 1);
    table_edges_ = gl::Texture(GL_R8I, 16, 256);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glBindTexture(GL_TEXTURE_2D, table_counts_.id());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 256, 1, GL_RED_INTEGER, GL_UNSIGNED_BYTE, counts.data());
    glBindTexture(GL_TEXTURE_2D, table_edges_.id());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 16, 256, GL_RED_INTEGER, GL_BYTE, mc::triangle_table());
    glBindTexture(GL_TEXTURE_2D, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);

    HistoPyramidDesc desc;
    desc.size = s;
    desc.emit = {"volume.glsl", "mc_tables.glsl", "emit_mesh_vertex.glsl"};
    desc.traverse_main = "mesh_traverse.frag";
    desc.stream_outputs = 2;
    if (!pyramid_.init(desc, error)) return false;
    const gl::Program* programs[] = {&count_, &classify_count_, &pyramid_.traversal_program()};
    for (const gl::Program* p : programs) {
        glUseProgram(p->id());
        glUniform1i(gl::uniform(*p, "uMcCounts"), kMcCountsUnit);
        glUniform1i(gl::uniform(*p, "uMcEdges"), kMcEdgesUnit);
    }
    glUseProgram(0);
    vao_ = gl::make_vertex_array();
    return true;
}

void SurfaceMesh::abandon() {
    for (auto* t : {&counts_, &table_counts_, &table_edges_}) t->abandon();
    counts_target_.abandon();
    fused_target_.abandon();
    count_.abandon();
    classify_count_.abandon();
    vao_.abandon();
    pyramid_.abandon();
}

void SurfaceMesh::bind_tables() const {
    gl::bind_texture(kMcCountsUnit, table_counts_);
    gl::bind_texture(kMcEdgesUnit, table_edges_);
}

void SurfaceMesh::count(const VolumeStages& volume, float iso) {
    volume.bind_volume(count_, Classify::Surface, iso);
    bind_tables();
    glBindVertexArray(vao_.id());
    glBindFramebuffer(GL_FRAMEBUFFER, counts_target_.id());
    glViewport(0, 0, counts_.width(), counts_.height());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void SurfaceMesh::classify_and_count(const VolumeStages& volume, Classify mode, float iso) {
    if (!fused_target_ || fused_base_ != volume.base().id()) {
        fused_target_ = gl::color_targets({&volume.base(), &counts_});
        fused_base_ = volume.base().id();
    }
    volume.bind_volume(classify_count_, mode, iso);
    bind_tables();
    glBindVertexArray(vao_.id());
    glBindFramebuffer(GL_FRAMEBUFFER, fused_target_.id());
    glViewport(0, 0, counts_.width(), counts_.height());
    // Only the volume's rows hold cells; the rest of both targets stays zero.
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, counts_.width(), volume.layout().volume_rows());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDisable(GL_SCISSOR_TEST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void SurfaceMesh::extract(const VolumeStages& volume, float iso, std::uint32_t limit) {
    volume.bind_volume(pyramid_.traversal_program(), Classify::Surface, iso);
    bind_tables();
    pyramid_.traverse(counts_, limit);
}

void SurfaceMesh::bind_walk(const gl::Program& p, std::uint32_t limit) const {
    glUseProgram(p.id());
    glUniform1i(gl::uniform(p, "uPyramid"), 0);
    glUniform1i(gl::uniform(p, "uBase"), 1);
    glUniform1i(gl::uniform(p, "uMcCounts"), kMcCountsUnit);
    glUniform1i(gl::uniform(p, "uMcEdges"), kMcEdgesUnit);
    glUniform1i(gl::uniform(p, "uTopLod"), pyramid_.levels() - 1);
    glUniform1i(gl::uniform(p, "uSize"), pyramid_.size());
    glUniform1ui(gl::uniform(p, "uLimit"), limit);
    gl::bind_texture(0, pyramid_.pyramid());
    gl::bind_texture(1, counts_);
    bind_tables();
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

#include "surface_view.h"

#include <algorithm>
#include <cmath>

#include "shader_program.h"
#include "volume_stages.h"

namespace hp {

bool SurfaceView::build(Program* p, const std::vector<const char*>& vertex, std::string* error,
                        const std::string& defines) {
    p->program = gl::build_program(vertex, {"settings.glsl", "colormap.glsl", "surface.frag"}, error, defines);
    if (!p->program) return false;
    p->view_proj = gl::uniform(p->program, "uViewProj");
    p->vertices = gl::uniform(p->program, "uVertices");
    p->eye = gl::uniform(p->program, "uEye");
    p->depth = gl::uniform(p->program, "uDepthRange");
    p->scale = gl::uniform(p->program, "uScale");
    p->label_colors = gl::uniform(p->program, "uLabelColors");
    p->label_count = gl::uniform(p->program, "uLabelCount");
    return true;
}

bool SurfaceView::init(std::string* error) {
    if (!build(&textures_, {"settings.glsl", "stream_tiles.glsl", "label_colors.glsl", "surface_vertex.glsl", "surface.vert"}, error))
        return false;
    if (!build(&indexed_, {"settings.glsl", "label_colors.glsl", "surface_vertex.glsl", "surface_indexed.vert"}, error))
        return false;
    // The walk reads the vertex pyramid's sums as they are stored: float or uint (HP_UINT).
    for (SumFormat f : {SumFormat::Float, SumFormat::Uint}) {
        Walking& w = walking_[int(f)];
        if (!build(&w.draw,
                   {"settings.glsl", "pyramid_format.glsl", "traverse_common.glsl", "traverse_scalar.glsl", "volume.glsl", "mc_tables.glsl", "labels.glsl",
                    "emit_mesh_vertex.glsl", "label_colors.glsl", "surface_vertex.glsl", "surface_walk.vert"},
                   error, f == SumFormat::Uint ? "#define HP_UINT 1\n" : ""))
            return false;
        w.walk = SurfaceMesh::WalkUniforms::of(w.draw.program);
    }
    glUseProgram(textures_.program.id());
    glUniform1i(gl::uniform(textures_.program, "uPositions"), 0);
    glUniform1i(gl::uniform(textures_.program, "uNormals"), 1);
    u_size_ = gl::uniform(textures_.program, "uSize");
    glUseProgram(0);
    vao_ = gl::make_vertex_array();
    return true;
}

void SurfaceView::abandon() {
    textures_.program.abandon();
    indexed_.program.abandon();
    for (Walking& w : walking_) w.draw.program.abandon();
    vao_.abandon();
}

bool SurfaceView::begin(PanelRect r, std::uint32_t vertices) const {
    if (r.w <= 0 || r.h <= 0) return false;
    glViewport(r.x, r.y, r.w, r.h);
    glEnable(GL_SCISSOR_TEST);
    glScissor(r.x, r.y, r.w, r.h);
    glClearColor(0.06f, 0.07f, 0.09f, 1.0f);
    glClearDepthf(1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    return vertices >= 3;
}

void SurfaceView::uniforms(const Program& p, PanelRect r, const SurfaceScene& scene) const {
    const OrbitCamera& camera = *scene.camera;
    const auto box = scene.box();
    glUniformMatrix4fv(p.view_proj, 1, GL_FALSE, camera.view_projection(box, float(r.w) / float(r.h)).data());
    glUniform1f(p.vertices, float(scene.vertices));
    const auto eye = camera.eye(box);
    glUniform3f(p.eye, eye[0], eye[1], eye[2]);
    glUniform3f(p.scale, scene.scale[0], scene.scale[1], scene.scale[2]);
    if (p.label_colors >= 0) {  // the label palette on its own unit, past the walk's and the textures'
        glUniform1i(p.label_colors, kLabelColorsUnit);
        glUniform1i(p.label_count, label_count_);
        gl::bind_texture(kLabelColorsUnit, label_colors_);
    }
    // Depth coloring spans the volume's extent along the view: its centre ± its half-diagonal.
    const float n = std::max({box[0], box[1], box[2]});
    const float centre = camera.distance * n, half = 0.87f * std::sqrt((box[0] * box[0] + box[1] * box[1] + box[2] * box[2]) / 3.0f);
    glUniform2f(p.depth, std::max(centre - half, 0.0f), centre + half);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
}

void SurfaceView::draw_with(const Program& p, PanelRect r, const SurfaceScene& scene) const {
    uniforms(p, r, scene);
    glBindVertexArray(vao_.id());
    glDrawArrays(GL_TRIANGLES, 0, GLsizei(scene.vertices / 3 * 3));
    glDisable(GL_DEPTH_TEST);
}

void SurfaceView::draw(PanelRect r, const SurfaceMesh& mesh, const SurfaceScene& scene) const {
    SurfaceScene s = scene;
    s.vertices = std::min(scene.vertices, mesh.capacity());
    if (!begin(r, s.vertices)) return;
    glUseProgram(textures_.program.id());
    glUniform1ui(u_size_, GLuint(mesh.size()));
    gl::bind_texture(0, mesh.positions());
    gl::bind_texture(1, mesh.normals());
    draw_with(textures_, r, s);
}

void SurfaceView::upload(Indexed* m, const std::vector<float>& positions, const std::vector<float>& normals,
                         const std::vector<float>& labels, const std::vector<std::uint32_t>& indices,
                         std::uint64_t revision) {
    if (!m->vao) {
        m->vao = gl::make_vertex_array();
        m->positions = gl::make_buffer(), m->normals = gl::make_buffer(), m->indices = gl::make_buffer();
        m->labels = gl::make_buffer();
        glBindVertexArray(m->vao.id());
        int location = 0;
        for (const gl::Buffer* b : {&m->positions, &m->normals, &m->labels}) {
            glBindBuffer(GL_ARRAY_BUFFER, b->id());
            glEnableVertexAttribArray(GLuint(location));
            glVertexAttribPointer(GLuint(location), location == 2 ? 1 : 3, GL_FLOAT, GL_FALSE, 0, nullptr);
            ++location;
        }
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m->indices.id());
        glBindVertexArray(0);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
    }
    glBindBuffer(GL_ARRAY_BUFFER, m->positions.id());
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(positions.size() * sizeof(float)), positions.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, m->normals.id());
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(normals.size() * sizeof(float)), normals.data(), GL_STATIC_DRAW);
    const std::vector<float> none(labels.empty() ? positions.size() / 3 : 0, 0.0f);
    const std::vector<float>& l = labels.empty() ? none : labels;
    glBindBuffer(GL_ARRAY_BUFFER, m->labels.id());
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(l.size() * sizeof(float)), l.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBindVertexArray(m->vao.id());  // the element buffer is the vertex array's
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(indices.size() * sizeof(std::uint32_t)), indices.data(),
                 GL_STATIC_DRAW);
    glBindVertexArray(0);
    m->vertices = std::uint32_t(positions.size() / 3);
    m->index_count = std::uint32_t(indices.size());
    m->revision = revision;
}

void SurfaceView::draw_indexed(PanelRect r, const Indexed& m, const SurfaceScene& scene) const {
    if (!begin(r, m.index_count)) return;
    glUseProgram(indexed_.program.id());
    SurfaceScene s = scene;
    s.vertices = m.vertices;
    uniforms(indexed_, r, s);
    glBindVertexArray(m.vao.id());
    glDrawElements(GL_TRIANGLES, GLsizei(m.index_count), GL_UNSIGNED_INT, nullptr);
    glBindVertexArray(0);
    glDisable(GL_DEPTH_TEST);
}

void SurfaceView::draw_bricked(PanelRect r, const BrickedSurface& surface, const SurfaceScene& scene) const {
    if (!begin(r, surface.vertices())) return;
    glUseProgram(indexed_.program.id());
    SurfaceScene s = scene;
    s.vertices = surface.vertices();
    uniforms(indexed_, r, s);
    for (std::size_t i = 0; i < surface.rounds(); ++i) {
        surface.bind_round(i);
        glDrawElements(GL_TRIANGLES, GLsizei(surface.round_vertices(i)), GL_UNSIGNED_INT, nullptr);
    }
    glBindVertexArray(0);
    glDisable(GL_DEPTH_TEST);
}

void SurfaceView::draw_walking(PanelRect r, const SurfaceMesh& mesh, const VolumeStages& volume, Classify mode,
                               float iso, const SurfaceScene& scene) const {
    if (!begin(r, scene.vertices)) return;
    const Walking& w = walking_[int(mesh.pyramid().format())];
    volume.use(mode, iso);
    mesh.bind_walk(w.draw.program, w.walk, scene.vertices);
    draw_with(w.draw, r, scene);
}

void SurfaceView::set_labels(const std::vector<LabelInfo>* labels, std::uint64_t revision) {
    if (!labels) {
        label_count_ = 0;
        return;
    }
    if (revision == label_revision_ && label_count_ == int(labels->size())) return;
    label_revision_ = revision;
    label_count_ = int(labels->size());
    const int rows = std::max(1, (label_count_ + 255) / 256);
    const std::vector<float> texels = label_color_texels(*labels, std::size_t(256 * rows));
    if (label_colors_.height() != rows) label_colors_ = gl::Texture(GL_RGBA32F, 256, rows);
    glBindTexture(GL_TEXTURE_2D, label_colors_.id());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 256, rows, GL_RGBA, GL_FLOAT, texels.data());
    glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace hp

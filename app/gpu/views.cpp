#include "views.h"

#include <algorithm>

#include "shader_program.h"

namespace hp {

bool Views::build(ViewProgram* v, const std::vector<const char*>& chunks, std::string* error) {
    v->program = gl::build_program({"fullscreen.vert"}, chunks, error);
    if (!v->program) return false;
    v->panel = gl::uniform(v->program, "uPanel");
    v->shown = gl::uniform(v->program, "uShown");
    return true;
}

bool Views::init(std::string* error) {
    if (!build(&slices_, {"volume.glsl", "view_common.glsl", "view_slices.frag"}, error) ||
        !build(&pyramid_, {"view_common.glsl", "view_pyramid.frag"}, error) ||
        !build(&stream_, {"view_common.glsl", "view_stream.frag"}, error))
        return false;
    glUseProgram(pyramid_.program.id());
    glUniform1i(gl::uniform(pyramid_.program, "uBase"), 1);
    glUniform1i(gl::uniform(pyramid_.program, "uPyramid"), 0);
    u_vec4_ = gl::uniform(pyramid_.program, "uVec4");
    glUseProgram(stream_.program.id());
    glUniform1i(gl::uniform(stream_.program, "uStream"), 0);
    u_count_ = gl::uniform(stream_.program, "uCount");
    u_volume_size_ = gl::uniform(stream_.program, "uVolumeSize");
    glUseProgram(0);
    vao_ = gl::make_vertex_array();
    return true;
}

void Views::abandon() {
    for (auto* v : {&slices_, &pyramid_, &stream_}) v->program.abandon();
    vao_.abandon();
}

void Views::begin(const ViewProgram& v, PanelRect r, float shown_w, float shown_h) const {
    glUseProgram(v.program.id());
    glUniform4f(v.panel, float(r.x), float(r.y), float(r.w), float(r.h));
    glUniform2f(v.shown, shown_w, shown_h);
    glViewport(r.x, r.y, r.w, r.h);
    glBindVertexArray(vao_.id());
}

void Views::slices(PanelRect r, const VolumeStages& volume, float iso) const {
    volume.bind_volume(slices_.program, Classify::Surface, iso);
    const float s = float(volume.layout().atlas);
    begin(slices_, r, s, s);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

void Views::pyramid(PanelRect r, const gl::Texture& base, const HistoPyramid& p) const {
    const float s = float(p.desc().size);
    begin(pyramid_, r, s * pyramid_aspect(), s);
    glUniform1i(u_vec4_, p.desc().layout == PyramidLayout::Vec4);
    gl::bind_texture(0, p.pyramid());
    gl::bind_texture(1, base);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

int Views::stream_rows_shown(int size, std::uint32_t count) {
    const std::uint64_t rows = (std::uint64_t(count) + std::uint64_t(size) - 1) / std::uint64_t(size);
    int shown = 16;
    while (shown < size && std::uint64_t(shown) < rows) shown *= 2;
    return std::min(shown, size);
}

void Views::stream(PanelRect r, const HistoPyramid& p, std::uint32_t count, int volume) const {
    const int s = p.desc().size;
    begin(stream_, r, float(s), float(stream_rows_shown(s, count)));
    glUniform1ui(u_count_, count);
    glUniform1f(u_volume_size_, float(volume));
    gl::bind_texture(0, p.stream());
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

}  // namespace hp

#include "views.h"

#include <algorithm>

#include "shader_program.h"

namespace hp {

bool Views::build(ViewProgram* v, const std::vector<const char*>& chunks, std::string* error,
                  const std::string& defines) {
    std::vector<const char*> all = {"colormap.glsl"};
    all.insert(all.end(), chunks.begin(), chunks.end());
    v->program = gl::build_program({"fullscreen.vert"}, all, error, defines);
    if (!v->program) return false;
    v->panel = gl::uniform(v->program, "uPanel");
    v->shown = gl::uniform(v->program, "uShown");
    return true;
}

bool Views::init(std::string* error) {
    pyramids_.clear();
    if (!build(&slices_, {"volume.glsl", "view_common.glsl", "view_slices.frag"}, error) ||
        !build(&stream_, {"view_common.glsl", "view_stream.frag"}, error))
        return false;
    glUseProgram(stream_.program.id());
    glUniform1i(gl::uniform(stream_.program, "uStream"), 0);
    u_count_ = gl::uniform(stream_.program, "uCount");
    u_volume_size_ = gl::uniform(stream_.program, "uVolumeSize");
    glUseProgram(0);
    vao_ = gl::make_vertex_array();
    return true;
}

void Views::abandon() {
    for (auto* v : {&slices_, &stream_}) v->program.abandon();
    for (auto& p : pyramids_) p.view.program.abandon();
    pyramids_.clear();
    vao_.abandon();
}

const Views::PyramidProgram* Views::pyramid_program(const PyramidViewSource& c) {
    std::vector<const char*> chunks = c.view_chunks();
    std::string key = c.view_defines();
    for (const char* ch : chunks) key += std::string("|") + ch;
    for (const auto& p : pyramids_)
        if (p.key == key) return &p;
    chunks.push_back("view_common.glsl");
    chunks.push_back("view_pyramid.frag");
    PyramidProgram p;
    p.key = key;
    std::string error;
    if (!build(&p.view, chunks, &error, c.view_defines())) return nullptr;  // shown as empty
    glUseProgram(p.view.program.id());
    glUniform1i(gl::uniform(p.view.program, "uPyramid"), 0);
    glUniform1i(gl::uniform(p.view.program, "uBase"), 1);
    p.size = gl::uniform(p.view.program, "uSize");
    pyramids_.push_back(std::move(p));
    return &pyramids_.back();
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

void Views::pyramid(PanelRect r, const gl::Texture& base, const PyramidViewSource& c) {
    const PyramidProgram* p = pyramid_program(c);
    if (!p) return;
    const float s = float(c.size());
    begin(p->view, r, s * pyramid_aspect(), s);
    glUniform1i(p->size, c.size());
    c.bind_view(p->view.program, base);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

int Views::stream_rows_shown(int size, std::uint32_t count) {
    const std::uint64_t rows = (std::uint64_t(count) + std::uint64_t(size) - 1) / std::uint64_t(size);
    int shown = 16;
    while (shown < size && std::uint64_t(shown) < rows) shown *= 2;
    return std::min(shown, size);
}

void Views::stream(PanelRect r, const gl::Texture& stream, int s, std::uint32_t count, int volume) const {
    begin(stream_, r, float(s), float(stream_rows_shown(s, count)));
    glUniform1ui(u_count_, count);
    glUniform1f(u_volume_size_, float(volume));
    gl::bind_texture(0, stream);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

}  // namespace hp

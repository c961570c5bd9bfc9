#include "view_program.h"

#include "shader_program.h"

namespace hp {

bool ViewProgram::build(const std::vector<const char*>& chunks, std::string* error, const std::string& defines) {
    std::vector<const char*> all = {"colormap.glsl"};
    all.insert(all.end(), chunks.begin(), chunks.end());
    program = gl::build_program({"fullscreen.vert"}, all, error, defines);
    if (!program) return false;
    panel = gl::uniform(program, "uPanel");
    shown = gl::uniform(program, "uShown");
    vao = gl::make_vertex_array();
    return true;
}

void ViewProgram::abandon() {
    program.abandon();
    vao.abandon();
}

void ViewProgram::begin(PanelRect r, float shown_w, float shown_h) const {
    glUseProgram(program.id());
    glUniform4f(panel, float(r.x), float(r.y), float(r.w), float(r.h));
    glUniform2f(shown, shown_w, shown_h);
    glViewport(r.x, r.y, r.w, r.h);
    glBindVertexArray(vao.id());
}

}  // namespace hp

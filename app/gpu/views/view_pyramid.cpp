#include "view_pyramid.h"

#include "shader_program.h"

namespace hp {

void PyramidView::abandon() {
    for (auto& p : programs_) p.view.abandon();
    programs_.clear();
}

const PyramidView::Program& PyramidView::program_for(const PyramidViewSource& c) {
    std::vector<const char*> chunks = c.view_chunks();
    std::string key = c.view_defines();
    for (const char* ch : chunks) key += std::string("|") + ch;
    for (const auto& p : programs_)
        if (p.key == key) return p;
    chunks.push_back("view_common.glsl");
    chunks.push_back("view_pyramid.frag");
    Program p;
    p.key = key;
    if (p.view.build(chunks, &p.error, c.view_defines())) {
        glUseProgram(p.view.program.id());
        glUniform1i(gl::uniform(p.view.program, "uPyramid"), 0);
        glUniform1i(gl::uniform(p.view.program, "uBase"), 1);
        p.size = gl::uniform(p.view.program, "uSize");
    } else if (p.error.empty()) {
        p.error = "cannot build the pyramid view";
    }
    programs_.push_back(std::move(p));
    return programs_.back();
}

bool PyramidView::draw(PanelRect r, const gl::Texture& base, const PyramidViewSource& c, std::string* error) {
    const Program& p = program_for(c);
    if (!p.error.empty()) {
        if (error) *error = "pyramid view: " + p.error;
        return false;
    }
    const float s = float(c.size());
    p.view.begin(r, s * aspect(), s);
    glUniform1i(p.size, c.size());
    c.bind_view(p.view.program, base);
    p.view.draw();
    return true;
}

}  // namespace hp

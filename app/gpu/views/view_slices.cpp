#include "view_slices.h"

#include "shader_program.h"

namespace hp {

bool SlicesView::init(std::string* error) {
    if (!view_.build({"volume.glsl", "view_common.glsl", "view_slices.frag"}, error)) return false;
    u_range_ = gl::uniform(view_.program, "uRange");
    return true;
}

void SlicesView::draw(PanelRect r, const VolumeStages& volume, float iso, const std::array<float, 2>& range) const {
    volume.use(iso);
    glUseProgram(view_.program.id());
    glUniform2f(u_range_, range[0], range[1] > range[0] ? 1.0f / (range[1] - range[0]) : 1.0f);
    const float s = float(volume.layout().atlas);
    view_.begin(r, s, s);
    view_.draw();
}

}  // namespace hp

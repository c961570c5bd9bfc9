#include "view_slices.h"

namespace hp {

bool SlicesView::init(std::string* error) {
    if (!view_.build({"volume.glsl", "view_common.glsl", "view_slices.frag"}, error)) return false;
    volume_ = VolumeUniforms::of(view_.program);
    return true;
}

void SlicesView::draw(PanelRect r, const VolumeStages& volume, float iso) const {
    volume.bind_volume(view_.program, volume_, Classify::Surface, iso);
    const float s = float(volume.layout().atlas);
    view_.begin(r, s, s);
    view_.draw();
}

}  // namespace hp

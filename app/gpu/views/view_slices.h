// The slices view: the slice atlas as the GPU holds it, every slice a tile, colored by value
// with the iso-surface's cells marked (shaders/view_slices.frag).
#pragma once

#include <array>
#include <string>

#include "view_program.h"
#include "volume_stages.h"

namespace hp {

class SlicesView {
public:
    bool init(std::string* error);
    void abandon() { view_.abandon(); }
    void draw(PanelRect r, const VolumeStages& volume, float iso, const std::array<float, 2>& range) const;

private:
    ViewProgram view_;
    GLint u_range_ = -1;
};

}  // namespace hp

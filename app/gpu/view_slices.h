// The slices view: the slice atlas as the GPU holds it, every slice a tile, colored by value
// with the iso-surface's cells marked (shaders/view_slices.frag).
#pragma once

#include <string>

#include "view_program.h"
#include "volume_stages.h"

namespace hp {

class SlicesView {
public:
    bool init(std::string* error);
    void abandon() { view_.abandon(); }
    void draw(PanelRect r, const VolumeStages& volume, float iso) const;

private:
    ViewProgram view_;
    VolumeUniforms volume_;
};

}  // namespace hp

// The classification pass: the base level of the pyramid from the slice atlas, 1 where a
// texel is active and 0 elsewhere (surface mode: the iso-surface crosses the cell; solid
// mode: the voxel is at or above iso; the mode and iso are the `Volume` block's).
// shaders/classify.frag. The fused variant that writes the surface's vertex counts in the
// same pass is classify_count_pass.h.
#pragma once

#include "fullscreen_pass.h"

namespace hp {

class VolumeStages;

class ClassifyPass : public FullscreenPass {
public:
    bool init(std::string* error) { return build({"volume.glsl", "label_faces.glsl", "classify.frag"}, error); }
    // Writes the volume's base (after VolumeStages::use).
    void run(const VolumeStages& volume) const;
};

}  // namespace hp

// Classification fused with the surface's vertex counts, for frames that draw the surface:
// one pass with two targets, the volume's base (as classify_pass.h) and the vertex counts
// (as mesh_count_pass.h), the cell's case computed once for both
// (shaders/classify_count.frag).
#pragma once

#include "fullscreen_pass.h"

namespace hp {

class SurfaceMesh;
class VolumeStages;

class ClassifyCountPass : public FullscreenPass {
public:
    bool init(std::string* error) {
        return build({"volume.glsl", "label_faces.glsl", "mc_tables.glsl", "classify_count.frag"}, error);
    }
    void abandon() {
        FullscreenPass::abandon();
        target_.abandon();
    }
    void run(const VolumeStages& volume, const SurfaceMesh& mesh);

private:
    gl::Framebuffer target_;  // the volume's base and the counts
    GLuint target_base_ = 0;  // the base texture target_ was made for
};

}  // namespace hp

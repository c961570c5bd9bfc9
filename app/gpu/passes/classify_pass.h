// The classification pass: the base level of the pyramid from the slice atlas, 1 where a
// texel is active and 0 elsewhere (surface mode: the iso-surface crosses the cell; solid
// mode: the voxel is at or above iso). shaders/classify.frag. The fused variant that writes
// the surface's vertex counts in the same pass is classify_count_pass.h.
#pragma once

#include <string>

#include "demo_state.h"
#include "gl_objects.h"
#include "volume_uniforms.h"

namespace hp {

class VolumeStages;

class ClassifyPass {
public:
    bool init(std::string* error);
    void abandon();
    void run(const VolumeStages& volume, const gl::Framebuffer& base_target, Classify mode, float iso) const;

private:
    gl::Program program_;
    VolumeUniforms volume_;
    gl::VertexArray vao_;
};

}  // namespace hp

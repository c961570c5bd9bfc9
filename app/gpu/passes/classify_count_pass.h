// Classification fused with the surface's vertex counts, for frames that draw the surface:
// one pass with two targets, the volume's base (as classify_pass.h) and the vertex counts
// (as mesh_count_pass.h), the cell's case computed once for both
// (shaders/classify_count.frag).
#pragma once

#include <string>

#include "demo_state.h"
#include "gl_objects.h"
#include "volume_uniforms.h"

namespace hp {

class McTables;
class VolumeStages;

class ClassifyCountPass {
public:
    bool init(std::string* error);
    void abandon();
    void run(const VolumeStages& volume, const McTables& tables, const gl::Texture& counts, Classify mode,
             float iso);

private:
    gl::Program program_;
    VolumeUniforms volume_;
    gl::Framebuffer target_;  // the volume's base and the counts
    GLuint target_base_ = 0;  // the base texture target_ was made for
    gl::VertexArray vao_;
};

}  // namespace hp

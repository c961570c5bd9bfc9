// The reduction: one pass a level, from the base up to the 1×1 top. Each texel of level
// k+1 is the sum of its 2×2 children in level k: scalar layout, the sum
// (shaders/reduce_scalar.frag); vec4 layout, the four children's sums side by side, so the
// traversal reads one texel a level (shaders/reduce_vec4.frag).
#pragma once

#include <string>
#include <vector>

#include "gl_objects.h"
#include "histopyramid_desc.h"

namespace hp {

class ReducePass {
public:
    bool init(const HistoPyramidDesc& desc, const std::string& defines, std::string* error);
    void abandon();
    // Renders every level of `pyramid` (its lods, one target each) from `base` up.
    void run(const gl::Texture& base, const gl::Texture& pyramid, const std::vector<gl::Framebuffer>& level_targets,
             int size) const;

private:
    gl::Program program_;
    GLint u_below_is_base_ = -1;
    gl::VertexArray vao_;
};

}  // namespace hp

// The surface's vertex counts in a pass of their own: each cell's vertex count (3 × the
// triangles of its marching-cubes case) into the base of the pyramid over counts
// (shaders/mesh_count.frag). Frames with the fused count skip it: classify_count_pass.h.
#pragma once

#include <string>

#include "cpu_reference.h"
#include "gl_objects.h"
#include "volume_uniforms.h"

namespace hp {

class McTables;
class VolumeStages;

class MeshCountPass {
public:
    bool init(std::string* error);
    void abandon();
    // Writes all of `counts` (through `counts_target`) from the volume's atlas at `iso`.
    void run(const VolumeStages& volume, const McTables& tables, const gl::Texture& counts,
             const gl::Framebuffer& counts_target, Classify mode, float iso) const;

private:
    gl::Program program_;
    VolumeUniforms volume_;
    gl::VertexArray vao_;
};

}  // namespace hp

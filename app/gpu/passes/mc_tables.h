// The marching-cubes tables as textures, read by every mesh pass (shaders/mc_tables.glsl):
// the vertex count of each of the 256 cases, and the edge of each of a case's vertices.
#pragma once

#include "gl_objects.h"
#include "volume_block.h"

namespace hp {

// The tables' units (kMcCountsUnit, kMcEdgesUnit) are tied in every program that declares them
// when it is built (volume_block.h's kSharedSamplers).

class McTables {
public:
    void init();  // uploads them, once
    void abandon();
    void bind() const;

private:
    gl::Texture counts_;  // 256×1 R8UI: 3 × the triangles of each case
    gl::Texture edges_;   // 16×256 R8I: -1 past a case's vertices
};

}  // namespace hp

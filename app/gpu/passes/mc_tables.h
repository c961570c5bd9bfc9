// The marching-cubes tables as textures, read by every mesh pass (shaders/mc_tables.glsl):
// the vertex count of each of the 256 cases, and the edge of each of a case's vertices.
#pragma once

#include "gl_objects.h"

namespace hp {

// Texture units of the tables in the mesh's programs (0–2: pyramid, base, atlas).
constexpr int kMcCountsUnit = 3, kMcEdgesUnit = 4;

class McTables {
public:
    void init();  // uploads them, once
    void abandon();
    void bind() const;
    // Points a program's table samplers at their units (the program is in use afterwards).
    static void set_units(const gl::Program& p);

private:
    gl::Texture counts_;  // 256×1 R8UI: 3 × the triangles of each case
    gl::Texture edges_;   // 16×256 R8I: -1 past a case's vertices
};

}  // namespace hp

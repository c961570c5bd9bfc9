// The surface's extraction: the traversal of the pyramid over vertex counts. Each vertex key
// finds its cell and its index inside the cell, then the cell's edge for that vertex, and
// writes the vertex's position and normal into two RGBA32F stream textures
// (shaders/mesh_extract.frag with emit_mesh_vertex.glsl, run by the pyramid's
// traverse_pass.h: the program is the pyramid's, made from pyramid_desc()). The vertex route
// of the 3D view does the same walk in its vertex shader instead (SurfaceMesh::bind_walk).
#pragma once

#include <cstdint>

#include "histopyramid.h"

namespace hp {

class SurfaceMesh;

class MeshExtractPass {
public:
    // The pyramid over vertex counts whose traversal is this pass.
    static HistoPyramidDesc pyramid_desc(int size, SumFormat format);
    // Writes vertex keys below min(total, limit, capacity) (after VolumeStages::use).
    static void run(SurfaceMesh& mesh, std::uint32_t limit);
};

}  // namespace hp

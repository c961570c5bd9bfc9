// The surface's extraction: the traversal of the pyramid over vertex counts. Each vertex key
// finds its cell and its index inside the cell, then the cell's edge for that vertex, and
// writes the vertex's position and normal into two RGBA32F stream textures
// (shaders/mesh_extract.frag with emit_mesh_vertex.glsl, run by the pyramid's
// traverse_pass.h). The vertex route of the 3D view does the same walk in its vertex shader
// instead (SurfaceMesh::bind_walk).
#pragma once

#include <cstdint>

#include "cpu_reference.h"
#include "histopyramid.h"
#include "volume_uniforms.h"

namespace hp {

class McTables;
class VolumeStages;

class MeshExtractPass {
public:
    // The pyramid over vertex counts whose traversal is this pass.
    static HistoPyramidDesc pyramid_desc(int size, SumFormat format);
    // After `pyramid` is made from pyramid_desc().
    void init(const HistoPyramid& pyramid);
    void run(const VolumeStages& volume, const McTables& tables, HistoPyramid& pyramid, const gl::Texture& counts,
             Classify mode, float iso, std::uint32_t limit) const;

private:
    VolumeUniforms volume_;
};

}  // namespace hp

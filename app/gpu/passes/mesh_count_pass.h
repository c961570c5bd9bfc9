// The surface's vertex counts in a pass of their own: each cell's vertex count (3 × the
// triangles of its marching-cubes case) into the base of the pyramid over counts
// (shaders/mesh_count.frag). Frames with the fused count skip it: classify_count_pass.h.
#pragma once

#include "fullscreen_pass.h"

namespace hp {

class SurfaceMesh;

class MeshCountPass : public FullscreenPass {
public:
    bool init(std::string* error) { return build({"volume.glsl", "label_faces.glsl", "mc_tables.glsl", "mesh_count.frag"}, error); }
    // Writes all of the mesh's counts from the volume's atlas (after VolumeStages::use).
    void run(const SurfaceMesh& mesh) const;
};

}  // namespace hp

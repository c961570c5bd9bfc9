// The surface as a mesh file in the volume's world (mesh_export.h), from what the frame ran
// with (FrameData). Free functions; the read-backs (readbacks.h) call them with what they read.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend.h"
#include "mesh_export.h"
#include "sources.h"

namespace hp {

struct FrameData {
    const DemoState& state;
    const FrameResult& result;
    const AtlasLayout& layout;
    Backend* backend;  // null: no pipeline
    const Sources& sources;
};

// The surface as a file: welded on the CPU by marching cubes over the volume this frame ran
// on (a loaded volume's own values; else `atlas`, S×S floats read back), with the
// arithmetic the GPU's extraction shares, in the volume's world (LPS, mm). Empty with *error
// when there is nothing to export.
std::vector<std::uint8_t> export_mesh(const FrameData& f, MeshFile type, bool closed, const float* atlas,
                                      std::string* error);
// A mesh the GPU indexed itself (WebGPU, vertices=shared), in the volume's world.
std::vector<std::uint8_t> export_indexed(const FrameData& f, const IndexedMesh& mesh, MeshFile type,
                                         std::string* error);

}  // namespace hp

// What leaves the app of a frame: the stream and the mesh as the GPU made them, the CPU
// reference for the atlas the GPU used, and the surface as a mesh file in the volume's world
// (mesh_export.h). Free functions over what the frame ran with (FrameData); no state.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend.h"
#include "cpu_reference.h"
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

// The stream as the GPU wrote it (at most `limit` entries), and the CPU reference computed
// from the atlas the GPU used (`atlas`: S×S floats read back elsewhere; null: read here).
std::vector<float> gpu_stream(const FrameData& f, std::uint32_t limit);
std::vector<StreamEntry> reference(const FrameData& f, const float* atlas, std::uint32_t limit);
// The surface the GPU extracted (at most `limit` vertices) and the CPU reference's mesh.
MeshCopy gpu_mesh(const FrameData& f, std::uint32_t limit);
MeshCopy reference_mesh(const FrameData& f, const float* atlas, std::uint32_t limit);
// The surface as a file: welded on the CPU by marching cubes over the volume this frame ran
// on (a loaded volume's own values; else the atlas, `atlas` or read back here), with the
// arithmetic the GPU's extraction shares, in the volume's world (LPS, mm). Empty with *error
// when there is nothing to export.
std::vector<std::uint8_t> export_mesh(const FrameData& f, MeshFile type, bool closed, const float* atlas,
                                      std::string* error);
// A mesh the GPU indexed itself (WebGPU, vertices=shared), in the volume's world.
std::vector<std::uint8_t> export_indexed(const FrameData& f, const IndexedMesh& mesh, MeshFile type,
                                         std::string* error);

}  // namespace hp

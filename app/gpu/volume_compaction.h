// One frame of the demo's GPU work, without any window: source → classify → reduction →
// count → traversal, then the surface (vertex counts → their pyramid → vertex total →
// extraction), for one atlas layout and one compaction mode. The app runs it every
// frame; the native tests and benchmarks run exactly the same object on EGL.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "compactor.h"
#include "demo_state.h"
#include "frame.h"
#include "gpu_timer.h"
#include "surface_mesh.h"
#include "volume_stages.h"

namespace hp {

class VolumeCompaction {
public:
    bool init(const AtlasLayout& layout, const CompactionMode& mode, std::string* error);
    void abandon();
    // `timer` (optional) measures each pass; the caller brackets the frame with its
    // begin_frame/end_frame and times the display itself.
    FrameResult run(const FrameSettings& s, GpuTimer* timer = nullptr);

    VolumeStages& volume() { return volume_; }
    const VolumeStages& volume() const { return volume_; }
    const Compactor& compactor() const { return *compactor_; }
    const SurfaceMesh& mesh() const { return mesh_; }
    SurfaceMesh& mesh() { return mesh_; }
    const CompactionMode& mode() const { return mode_; }

private:
    void run_mesh(const FrameSettings& s, FrameResult* r, GpuTimer* timer);

    VolumeStages volume_;
    std::unique_ptr<Compactor> compactor_;
    SurfaceMesh mesh_;
    CompactionMode mode_;
    AsyncLimit cell_limit_, vertex_limit_;
};

}  // namespace hp

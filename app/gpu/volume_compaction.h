// One frame of the demo's GPU work in WebGL2, without any window: the stages of gl_stages.h
// (source → classify → reduction → count → traversal, then the surface: vertex counts →
// their pyramid and total → extraction), for one atlas layout and one compaction mode. The
// app runs it every frame (app/demo/backends/gl_backend.cpp); the native tests and benchmarks run
// exactly the same object on EGL.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "demo_state.h"
#include "frame.h"
#include "gl_stages.h"
#include "gpu_timer.h"

namespace hp {

class VolumeCompaction {
public:
    bool init(const AtlasLayout& layout, const CompactionMode& mode, std::string* error);
    void abandon();
    // `timer` (optional) measures each pass; the caller brackets the frame with its
    // begin_frame/end_frame and times the display itself.
    FrameResult run(const FrameSettings& s, GpuTimer* timer = nullptr);

    VolumeStages& volume() { return frame_->volume; }
    const VolumeStages& volume() const { return frame_->volume; }
    const Compactor& compactor() const { return *frame_->compactor; }
    const SurfaceMesh& mesh() const { return frame_->mesh; }
    SurfaceMesh& mesh() { return frame_->mesh; }

private:
    std::unique_ptr<GlFrame> frame_ = std::make_unique<GlFrame>();
    std::vector<std::unique_ptr<GlStage>> stages_ = gl_stage_list();
};

}  // namespace hp

// One frame of the demo's GPU work, without any window: source → classify → reduction →
// count → traversal, for one atlas layout and one compaction mode. The app runs it every
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
    const CompactionMode& mode() const { return mode_; }

private:
    std::uint32_t async_limit(std::uint32_t newest);

    VolumeStages volume_;
    std::unique_ptr<Compactor> compactor_;
    CompactionMode mode_;
    std::array<std::uint32_t, 8> recent_counts_{};  // async: the last counts that arrived
    std::size_t recent_next_ = 0;
};

}  // namespace hp

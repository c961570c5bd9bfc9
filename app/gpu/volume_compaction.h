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
#include "gpu_timer.h"
#include "volume_stages.h"

namespace hp {

// How the compaction runs: one choice each (the baseline fixes all of them).
struct CompactionMode {
    Pyramid pyramid = Pyramid::Scalar;
    Format format = Format::Float;
    bool operator==(const CompactionMode& o) const { return pyramid == o.pyramid && format == o.format; }
    bool operator!=(const CompactionMode& o) const { return !(*this == o); }
};

struct FrameSettings {
    Source source = Source::Metaballs;
    double time = 0.0;
    Classify classify = Classify::Surface;
    float iso = 0.5f;
    Readback readback = Readback::Sync;
    std::uint32_t expected = 0;  // the count assumed in Readback::Expected
};

struct FrameResult {
    std::uint32_t count = 0;       // read back (sync), the newest arrived (async), or expected
    bool count_read = false;       // `count` is this frame's, read back
    std::uint32_t count_age = 0;   // async: how many frames old `count` is
    std::uint32_t keys_drawn = 0;  // the limit the traversal was drawn with
};

// The passes timed each frame, in order.
enum class Pass { Source, Classify, Reduce, Count, Traverse, Display, Count_ };
const char* name_of(Pass p);

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

// One frame of the demo's GPU work, without any window: source → classify → reduction →
// count → traversal, for one atlas layout and pyramid layout. The app runs it every frame;
// the native tests and benchmarks run exactly the same object on EGL.
#pragma once

#include <cstdint>
#include <string>

#include "demo_state.h"
#include "histopyramid.h"
#include "volume_stages.h"

namespace hp {

struct FrameSettings {
    Source source = Source::Metaballs;
    double time = 0.0;
    Classify classify = Classify::Surface;
    float iso = 0.5f;
    Readback readback = Readback::Sync;
    std::uint32_t expected = 0;  // the count assumed in Readback::Expected
};

struct FrameResult {
    std::uint32_t count = 0;     // read back (sync), or the expected count
    bool count_read = false;     // true when `count` came from the GPU this frame
};

class VolumeCompaction {
public:
    bool init(const AtlasLayout& layout, PyramidLayout pyramid, std::string* error);
    void abandon();
    FrameResult run(const FrameSettings& s);

    VolumeStages& volume() { return volume_; }
    const VolumeStages& volume() const { return volume_; }
    const HistoPyramid& pyramid() const { return pyramid_; }

private:
    VolumeStages volume_;
    HistoPyramid pyramid_;
};

}  // namespace hp

// What one frame of compaction is asked to do and what it gives back, whichever backend runs
// it: the WebGL2 passes (app/gpu/volume_compaction.h) or WebGPU compute
// (app/webgpu/webgpu_compaction.h). No GPU API here.
#pragma once

#include <cstdint>

#include "demo_state.h"

namespace hp {

// How the compaction runs: one choice each (the baseline and the WebGPU modes ignore the format).
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
    Timestamps timestamps = Timestamps::Passes;  // WebGPU only
};

struct FrameResult {
    std::uint32_t count = 0;       // read back (sync), the newest arrived (async), or expected
    bool count_read = false;       // `count` is this frame's, read back
    std::uint32_t count_age = 0;   // async: how many frames old `count` is
    std::uint32_t keys_drawn = 0;  // the limit the traversal was drawn with
};

// The passes timed each frame, in order. Compaction: classify to stream timed as one pass
// (WebGPU with timestamps=whole, where per-pass timestamps would add their own cost).
enum class Pass { Source, Classify, Reduce, Count, Traverse, Display, Compaction, Count_ };
const char* name_of(Pass p);

}  // namespace hp

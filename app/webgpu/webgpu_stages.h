// The WebGPU frame as a list of stages (stage.h), built once per mode and scan: the one-screen
// index of a frame, the twin of app/gpu/gl_stages.cpp. Every mode ends in the same stream
// (same keys, same order, same [x, y, z, w]) and the same counter (compaction_counter.h).
#pragma once

#include <array>
#include <string>

#include "compute_plan.h"
#include "demo_state.h"
#include "stage.h"

namespace hp::wgpu {

// A mode's stages after the source, and the buffers they share that the views read.
struct ModeStages {
    Stages stages;       // classify → scan or reduce → count → scatter or traverse → the stream's tail
    Buffer base;         // blocks: each texel's prefix in its block; pyramid: the base (Morton order)
    Buffer levels;       // webgpu-pyramid: the levels (plan); none otherwise
    PyramidPlan plan;
    // webgpu-scan: each tile's starting key, for the Explain view (display_copy.h): `tiles`
    // holds `tile_words` words from `tile_first`, the exclusive scan of the tiles' counts
    // (blocks, rts) or each tile's inclusive prefix, its post (single: the start of tile k is
    // the post of tile k − 1).
    BufferRef tiles;
    std::uint32_t tile_size = 0, tile_words = 0, tile_first = 0;
    bool tile_posts = false;
};

// webgpu-scan with `scan`, or webgpu-pyramid (which ignores it). False and the first error
// when a stage cannot be made (then nothing of it may run).
bool build_mode_stages(Pyramid mode, ScanKind scan, const FrameBuffers& f, ModeStages* out, std::string* error);

// timestamps=whole: the passes recorded into one compute pass, timed as Pass::Compaction
// (classify to stream; the source and the surface's passes keep their own). A list, not a
// range of the Pass enum: a pass added to the enum joins it only by being named here.
inline constexpr std::array<Pass, 4> kWholeCompaction = {Pass::Classify, Pass::Reduce, Pass::Count, Pass::Traverse};
// The pass a stage of pass `p` is recorded and timed in.
Pass timed_as(Pass p, Timestamps t);

}  // namespace hp::wgpu

// classify (webgpu-pyramid): each texel's 0/1 (solid: inside; surface: a cell the iso-surface
// crosses) into the base, at its Morton index (shaders/classify.wgsl).
#include "compaction_stages.h"

namespace hp::wgpu {

std::unique_ptr<Stage> classify_stage(const FrameBuffers& f, BufferRef base, std::string* error) {
    const int tiles = (f.layout.atlas + 15) / 16;
    return std::make_unique<DispatchStage>(
        Pass::Classify,
        kernel({"volume.wgsl", "cells.wgsl", "classify.wgsl"}, {kVolumeBinding, {"atlas", kRead}, {"base", kWrite}},
               {{"u", f.volume}, {"atlas", f.atlas}, {"base", base}}, error),
        tiles, tiles);
}

}  // namespace hp::wgpu

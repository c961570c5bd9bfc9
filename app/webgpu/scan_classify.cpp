// classify (webgpu-scan, blocks): classification fused with the first level of the block scan
// (shaders/scan_classify.wgsl): a workgroup classifies a 1024-texel Morton block, writes each
// texel's exclusive prefix within the block and the block's count. No flag buffer is written
// and read again.
#include "compaction_stages.h"

namespace hp::wgpu {

std::unique_ptr<Stage> scan_classify_stage(const FrameBuffers& f, BufferRef prefix, BufferRef block_counts,
                                           std::string* error) {
    const int blocks = int(f.layout.texel_count() / ScanPlan::kBlock);
    return std::make_unique<DispatchStage>(
        Pass::Classify,
        kernel({"volume.wgsl", "cells.wgsl", "scan_hillis_steele.wgsl", "scan_workgroup.wgsl", "scan_classify.wgsl"},
               {kVolumeBinding, {"prefix", kWrite}, {"sums", kWrite}, {"atlas", kRead}},
               {{"u", f.volume}, {"prefix", prefix}, {"sums", block_counts}, {"atlas", f.atlas}}, error),
        blocks);
}

}  // namespace hp::wgpu

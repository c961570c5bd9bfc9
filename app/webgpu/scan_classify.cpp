// classify (webgpu-scan, blocks): classification fused with the first level of the block scan
// (shaders/scan_classify.wgsl): a workgroup classifies a 1024-texel Morton block, writes each
// texel's exclusive prefix within the block and the block's count. No flag buffer is written
// and read again.
#include "compaction_stages.h"

namespace hp::wgpu {

std::unique_ptr<Stage> scan_classify_stage(const FrameBuffers& f, BufferRef prefix, BufferRef block_counts,
                                           std::string* error) {
    int x = 0, y = 0;
    groups_grid(std::uint64_t(f.layout.texel_count()) / ScanPlan::kBlock, &x, &y);
    return std::make_unique<DispatchStage>(
        Pass::Classify,
        kernel("scan_classify.wgsl", {{"u", f.volume}, {"prefix", prefix}, {"sums", block_counts}, {"atlas", f.atlas}}, error),
        x, y);
}

}  // namespace hp::wgpu

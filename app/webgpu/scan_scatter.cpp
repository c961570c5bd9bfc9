// traverse (webgpu-scan, blocks): the scatter (shaders/scan_scatter.wgsl): each active texel,
// in Morton order, to the stream at its key, its block's offset (the scanned block counts)
// plus its prefix in the block; keys past the limit are not written.
#include "compaction_stages.h"

namespace hp::wgpu {

std::unique_ptr<Stage> scan_scatter_stage(const FrameBuffers& f, BufferRef prefix, BufferRef block_offsets,
                                          std::string* error) {
    int x = 0, y = 0;
    grid(std::uint64_t(f.layout.texel_count()), &x, &y);
    return std::make_unique<DispatchStage>(
        Pass::Traverse,
        kernel("scan_scatter.wgsl",
               {{"u", f.volume}, {"atlas", f.atlas}, {"prefix", prefix}, {"counter", f.counter}, {"stream", f.stream},
                {"offsets", block_offsets}},
               error),
        x, y);
}

}  // namespace hp::wgpu

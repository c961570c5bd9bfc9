// count (webgpu-scan blocks, webgpu-pyramid): one invocation reads the total where the
// compaction left it (the block scan's total, the pyramid's 1×1 level) and fills the counter
// (shaders/count.wgsl, count_finish.wgsl): the keys to write, the indirect arguments of the
// traversal and of the stream's tail. No count goes to the CPU for the work. (The tile scans
// fill the counter from their last workgroup: no count stage.)
#include "compaction_stages.h"

namespace hp::wgpu {

std::unique_ptr<Stage> count_stage(const FrameBuffers& f, BufferRef totals, std::uint32_t index, std::string* error) {
    Buffer total_at = uniform_of(TotalAtUniform{index, {}}, "total index");
    Kernel k = kernel("count.wgsl",
                      {{"u", f.volume}, {"totals", totals}, {"counter", f.counter}, {"total_at", total_at}}, error);
    k.uniform = std::move(total_at);
    return std::make_unique<DispatchStage>(Pass::Count, std::move(k), 1);
}

}  // namespace hp::wgpu

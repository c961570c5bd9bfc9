// traverse (webgpu-pyramid): one invocation a key below the count, walking down the levels to
// its texel and writing it to the stream (shaders/pyramid_traverse.wgsl); dispatched
// indirectly with the arguments the count stage wrote (the counter's traverse_args).
#include "compaction_counter.h"
#include "compaction_stages.h"

namespace hp::wgpu {

std::unique_ptr<Stage> pyramid_traverse_stage(const FrameBuffers& f, const PyramidPlan& plan, BufferRef base,
                                              BufferRef levels, std::string* error) {
    TraverseUniform t{std::uint32_t(plan.top), {}, {}};
    for (int k = 1; k <= plan.top; ++k) t.offsets[k] = plan.offsets[std::size_t(k)] / 4;
    Buffer uniform = uniform_of(t, "traverse");
    Kernel k = kernel("pyramid_traverse.wgsl",
                      {{"u", f.volume}, {"atlas", f.atlas}, {"base", base}, {"levels", levels}, {"counter", f.counter},
                       {"stream", f.stream}, {"pyramid", uniform}},
                      error);
    k.uniform = std::move(uniform);
    return std::make_unique<IndirectStage>(Pass::Traverse, std::move(k), f.counter, kTraverseArgsAt);
}

}  // namespace hp::wgpu

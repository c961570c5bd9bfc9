// The stream's tail (every mode, timed with the traversal): zeroes the keys a previous frame
// wrote past this frame's end, so that the stream past the written keys reads as zero as the
// WebGL2 stream does, without clearing all of it (shaders/stream_tail.wgsl); dispatched
// indirectly with the arguments the count wrote (the counter's tail_args).
#include "compaction_counter.h"
#include "compaction_stages.h"

namespace hp::wgpu {

std::unique_ptr<Stage> stream_tail_stage(const FrameBuffers& f, std::string* error) {
    return std::make_unique<IndirectStage>(
        Pass::Traverse,
        kernel("stream_tail.wgsl", {{"u", f.volume}, {"counter", f.counter}, {"stream", f.stream}}, error),
        f.counter, kTailArgsAt);
}

}  // namespace hp::wgpu

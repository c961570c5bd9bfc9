// Per-pass GPU times from timer queries (EXT_disjoint_timer_query / _webgl2), never waiting:
// a frame's queries are read back frames later, once available, and frames the GPU reports
// as disjoint are dropped. Without the extension the same calls take CPU-side times (which
// measure issuing the work, not running it: labelled as such). The samples go into the
// PassTimes window (medians); any number of passes, sized by init.
#pragma once

#include <array>
#include <vector>

#include "gl.h"
#include "pass_times.h"

namespace hp {

class GpuTimer : public PassTimes {
public:
    // gpu_queries: the timer-query extension is present (and enabled).
    void init(int passes, bool gpu_queries);
    void abandon();
    bool gpu() const { return gpu_; }

    void begin_frame();  // collects finished frames
    void end_frame();
    void collect();      // takes in the frames whose queries have arrived (GPU queries only)
    // Frames whose queries may be pending at once: a run of frames without a return to the
    // event loop (where WebGL makes results available) keeps the last ones' times.
    static constexpr int kFramesInFlight = 16;
    void begin(int pass);
    void end(int pass);

private:
    struct Frame {
        std::vector<GLuint> queries;  // one a pass
        std::vector<bool> used;
        bool issued = false;
    };
    void delete_queries();

    bool gpu_ = false;
    std::array<Frame, kFramesInFlight> frames_{};
    int current_ = 0;
    std::vector<double> cpu_start_;
};

}  // namespace hp

// Per-pass GPU times from timer queries (EXT_disjoint_timer_query / _webgl2), never waiting:
// a frame's queries are read back frames later, once available, and frames the GPU reports
// as disjoint are dropped. Without the extension the same calls take CPU-side times (which
// measure issuing the work, not running it: labelled as such). The last kWindow samples of
// each pass are kept for medians; nothing is allocated after init.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gl.h"

namespace hp {

class GpuTimer {
public:
    static constexpr int kMaxPasses = 8;
    static constexpr int kWindow = 240;

    // gpu_queries: the timer-query extension is present (and enabled).
    void init(int passes, bool gpu_queries);
    void abandon();
    bool gpu() const { return gpu_; }

    void begin_frame();  // collects finished frames
    void end_frame();
    void begin(int pass);
    void end(int pass);

    // A time measured elsewhere (WebGPU timestamps), into the same window.
    void add(int pass, double ms);
    // Over the window (or since reset): milliseconds.
    double median_ms(int pass) const;
    double mean_ms(int pass) const;
    int samples(int pass) const { return int(std::min<std::size_t>(count_[std::size_t(pass)], kWindow)); }
    void reset();

private:
    static constexpr int kFramesInFlight = 6;
    struct Frame {
        std::array<GLuint, kMaxPasses> queries{};
        std::array<bool, kMaxPasses> used{};
        bool issued = false;
    };
    void collect();

    int passes_ = 0;
    bool gpu_ = false;
    std::array<Frame, kFramesInFlight> frames_{};
    int current_ = 0;
    std::array<std::array<double, kWindow>, kMaxPasses> samples_{};
    std::array<std::size_t, kMaxPasses> count_{};
    std::array<double, kMaxPasses> cpu_start_{};
    mutable std::array<double, kWindow> scratch_{};
};

}  // namespace hp

// Per-pass times in milliseconds: the last kWindow samples of each pass, for medians. Filled
// by the WebGL2 timer queries (app/gpu/gl/gpu_timer.h), by WebGPU timestamps, or by CPU-side
// clocks; no GPU API here. Sized once by init: nothing is allocated after it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

namespace hp {

class PassTimes {
public:
    static constexpr int kWindow = 240;

    void init_times(int passes);
    int passes() const { return passes_; }
    void add(int pass, double ms);  // passes outside [0, passes()) are ignored
    double median_ms(int pass) const;
    int samples(int pass) const {
        return valid(pass) ? int(std::min<std::size_t>(count_[std::size_t(pass)], kWindow)) : 0;
    }
    void reset() { std::fill(count_.begin(), count_.end(), 0); }

protected:
    bool valid(int pass) const { return pass >= 0 && pass < passes_; }

private:
    int passes_ = 0;
    std::vector<std::array<double, kWindow>> samples_;  // one window a pass
    std::vector<std::size_t> count_;
    mutable std::array<double, kWindow> scratch_{};
};

}  // namespace hp

// Milliseconds on a steady clock, for CPU-side timings: the benchmarks' frames, the timer's
// fallback without timer queries, the app's compute time.
#pragma once

#include <chrono>

namespace hp {

inline double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace hp

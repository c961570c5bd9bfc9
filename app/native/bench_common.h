// What the two benchmarks (bench_native.cpp, bench_surface.cpp) share: the EGL context with
// whether GL timer queries can time the passes, and collecting the last timed frames.
#pragma once

#include "egl_context.h"
#include "gpu_timer.h"

namespace hp {

// Makes `ctx` current; false after printing why to stderr.
bool open_bench_context(EglContext* ctx, bool* timer_queries);

// Waits for the GPU and collects the timings of the frames still in flight.
void collect_last_frames(GpuTimer* timer);

}  // namespace hp

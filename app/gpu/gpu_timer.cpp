#include "gpu_timer.h"

#include <algorithm>
#include <chrono>

namespace hp {
namespace {
double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

void GpuTimer::init(int passes, bool gpu_queries) {
    if (gpu_)  // a second init: free the first one's queries
        for (Frame& f : frames_)
            if (f.queries[0]) glDeleteQueries(passes_, f.queries.data());
    passes_ = std::min(passes, kMaxPasses);
    gpu_ = gpu_queries;
    frames_ = {};
    current_ = 0;
    reset();
    if (!gpu_) return;
    for (Frame& f : frames_) glGenQueries(passes_, f.queries.data());
    // Some drivers list the extension but refuse TIME_ELAPSED on the core entry point.
    while (glGetError() != GL_NO_ERROR) {}
    glBeginQuery(GL_TIME_ELAPSED_EXT, frames_[0].queries[0]);
    glEndQuery(GL_TIME_ELAPSED_EXT);
    if (glGetError() != GL_NO_ERROR) {
        for (Frame& f : frames_) glDeleteQueries(passes_, f.queries.data());
        frames_ = {};
        gpu_ = false;
    }
}

void GpuTimer::abandon() {
    for (Frame& f : frames_) f = Frame();
}

void GpuTimer::reset() {
    count_.fill(0);
}

void GpuTimer::add(int pass, double ms) {
    const std::size_t p = std::size_t(pass);
    samples_[p][count_[p] % kWindow] = ms;
    ++count_[p];
}

void GpuTimer::collect() {
    for (Frame& f : frames_) {
        if (!f.issued) continue;
        int last = -1;
        for (int p = 0; p < passes_; ++p)
            if (f.used[std::size_t(p)]) last = p;
        GLuint available = GL_TRUE;
        if (last >= 0) glGetQueryObjectuiv(f.queries[std::size_t(last)], GL_QUERY_RESULT_AVAILABLE, &available);
        if (!available) continue;
        GLint disjoint = 0;
        glGetIntegerv(GL_GPU_DISJOINT_EXT, &disjoint);
        for (int p = 0; p < passes_ && !disjoint; ++p) {
            if (!f.used[std::size_t(p)]) continue;
            GLuint ns = 0;  // 32 bits of nanoseconds: passes are far below 4 s
            glGetQueryObjectuiv(f.queries[std::size_t(p)], GL_QUERY_RESULT, &ns);
            add(p, double(ns) / 1e6);
        }
        f.issued = false;
        f.used.fill(false);
    }
}

void GpuTimer::begin_frame() {
    if (gpu_) collect();
    Frame& f = frames_[std::size_t(current_)];
    // Still in flight after kFramesInFlight frames: drop it rather than wait.
    f.issued = false;
    f.used.fill(false);
}

void GpuTimer::end_frame() {
    frames_[std::size_t(current_)].issued = true;
    current_ = (current_ + 1) % kFramesInFlight;
}

void GpuTimer::begin(int pass) {
    if (pass >= passes_) return;
    if (gpu_) {
        Frame& f = frames_[std::size_t(current_)];
        glBeginQuery(GL_TIME_ELAPSED_EXT, f.queries[std::size_t(pass)]);
        f.used[std::size_t(pass)] = true;
    } else {
        cpu_start_[std::size_t(pass)] = now_ms();
    }
}

void GpuTimer::end(int pass) {
    if (pass >= passes_) return;
    if (gpu_)
        glEndQuery(GL_TIME_ELAPSED_EXT);
    else
        add(pass, now_ms() - cpu_start_[std::size_t(pass)]);
}

double GpuTimer::median_ms(int pass) const {
    const int n = samples(pass);
    if (n == 0) return 0;
    std::copy_n(samples_[std::size_t(pass)].begin(), n, scratch_.begin());
    std::nth_element(scratch_.begin(), scratch_.begin() + n / 2, scratch_.begin() + n);
    return scratch_[std::size_t(n / 2)];
}

double GpuTimer::mean_ms(int pass) const {
    const int n = samples(pass);
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += samples_[std::size_t(pass)][std::size_t(i)];
    return n ? sum / n : 0;
}

}  // namespace hp

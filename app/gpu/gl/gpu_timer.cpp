#include "gpu_timer.h"

#include <algorithm>

#include "clock.h"

namespace hp {

void GpuTimer::delete_queries() {
    for (Frame& f : frames_)
        if (!f.queries.empty() && f.queries[0]) glDeleteQueries(GLsizei(f.queries.size()), f.queries.data());
}

void GpuTimer::init(int passes, bool gpu_queries) {
    if (gpu_) delete_queries();  // a second init: free the first one's queries
    init_times(passes);
    gpu_ = gpu_queries && passes > 0;
    const std::size_t n = std::size_t(this->passes());
    for (Frame& f : frames_) f = Frame{std::vector<GLuint>(n, 0u), std::vector<bool>(n, false), false};
    cpu_start_.assign(n, 0.0);
    current_ = 0;
    if (!gpu_) return;
    for (Frame& f : frames_) glGenQueries(GLsizei(n), f.queries.data());
    // Some drivers list the extension but refuse TIME_ELAPSED on the core entry point.
    while (glGetError() != GL_NO_ERROR) {}
    glBeginQuery(GL_TIME_ELAPSED_EXT, frames_[0].queries[0]);
    glEndQuery(GL_TIME_ELAPSED_EXT);
    if (glGetError() != GL_NO_ERROR) {
        delete_queries();
        abandon();
        gpu_ = false;
    }
}

void GpuTimer::abandon() {
    for (Frame& f : frames_) {
        std::fill(f.queries.begin(), f.queries.end(), 0u);
        std::fill(f.used.begin(), f.used.end(), false);
        f.issued = false;
    }
}

void GpuTimer::collect() {
    for (Frame& f : frames_) {
        if (!f.issued) continue;
        int last = -1;
        for (int p = 0; p < passes(); ++p)
            if (f.used[std::size_t(p)]) last = p;
        GLuint available = GL_TRUE;
        if (last >= 0) glGetQueryObjectuiv(f.queries[std::size_t(last)], GL_QUERY_RESULT_AVAILABLE, &available);
        if (!available) continue;
        GLint disjoint = 0;
        glGetIntegerv(GL_GPU_DISJOINT_EXT, &disjoint);
        for (int p = 0; p < passes() && !disjoint; ++p) {
            if (!f.used[std::size_t(p)]) continue;
            GLuint ns = 0;  // 32 bits of nanoseconds: passes are far below 4 s
            glGetQueryObjectuiv(f.queries[std::size_t(p)], GL_QUERY_RESULT, &ns);
            add(p, double(ns) / 1e6);
        }
        f.issued = false;
        std::fill(f.used.begin(), f.used.end(), false);
    }
}

void GpuTimer::begin_frame() {
    if (gpu_) collect();
    Frame& f = frames_[std::size_t(current_)];
    // Still in flight after kFramesInFlight frames: drop it rather than wait.
    f.issued = false;
    std::fill(f.used.begin(), f.used.end(), false);
}

void GpuTimer::end_frame() {
    frames_[std::size_t(current_)].issued = true;
    current_ = (current_ + 1) % kFramesInFlight;
}

void GpuTimer::begin(int pass) {
    if (!valid(pass)) return;
    if (gpu_) {
        Frame& f = frames_[std::size_t(current_)];
        glBeginQuery(GL_TIME_ELAPSED_EXT, f.queries[std::size_t(pass)]);
        f.used[std::size_t(pass)] = true;
    } else {
        cpu_start_[std::size_t(pass)] = now_ms();
    }
}

void GpuTimer::end(int pass) {
    if (!valid(pass)) return;
    if (gpu_)
        glEndQuery(GL_TIME_ELAPSED_EXT);
    else
        add(pass, now_ms() - cpu_start_[std::size_t(pass)]);
}

}  // namespace hp

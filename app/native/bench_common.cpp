#include "bench_common.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace hp {

bool open_bench_context(EglContext* ctx, bool* timer_queries) {
    std::string error;
    if (!ctx->create(&error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return false;
    }
    const char* ext = reinterpret_cast<const char*>(glGetString(GL_EXTENSIONS));
    *timer_queries = ext && std::strstr(ext, "GL_EXT_disjoint_timer_query");
    return true;
}

void collect_last_frames(GpuTimer* timer) {
    for (int i = 0; i < 8; ++i) {
        timer->begin_frame();
        timer->end_frame();
        glFinish();
    }
}

}  // namespace hp

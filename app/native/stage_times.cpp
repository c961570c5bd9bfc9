// Prints how long each stage of one frame takes on this machine's GL (glFinish after each
// stage; a rough CPU-side breakdown for finding the slow stage, not a benchmark).
//   stage_times [volume] [scalar|vec4]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "egl_context.h"
#include "volume_compaction.h"

int main(int argc, char** argv) {
    const int volume = argc > 1 ? std::atoi(argv[1]) : 128;
    const bool vec4 = argc > 2 && std::strcmp(argv[2], "vec4") == 0;
    hp::EglContext ctx;
    std::string error;
    if (!ctx.create(&error)) return std::fprintf(stderr, "%s\n", error.c_str()), 1;
    std::printf("%s\n", ctx.renderer().c_str());
    hp::VolumeCompaction gpu;
    const hp::AtlasLayout layout = hp::layout_for_volume(volume);
    if (!gpu.init(layout, vec4 ? hp::PyramidLayout::Vec4 : hp::PyramidLayout::Scalar, &error))
        return std::fprintf(stderr, "%s\n", error.c_str()), 1;
    auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
    for (int rep = 0; rep < 4; ++rep) {
        glFinish();
        auto t0 = std::chrono::steady_clock::now();
        gpu.volume().evaluate(hp::Source::Metaballs, 1.0 + rep);
        glFinish();
        auto t1 = std::chrono::steady_clock::now();
        gpu.volume().classify(hp::Classify::Surface, 0.5f);
        glFinish();
        auto t2 = std::chrono::steady_clock::now();
        hp::FrameSettings s;
        s.time = 1.0 + rep;
        auto& p = const_cast<hp::HistoPyramid&>(gpu.pyramid());
        p.reduce(gpu.volume().base());
        glFinish();
        auto t3 = std::chrono::steady_clock::now();
        const auto count = p.read_count();
        auto t4 = std::chrono::steady_clock::now();
        gpu.volume().bind_volume(p.traversal_program(), hp::Classify::Surface, 0.5f);
        p.traverse(gpu.volume().base(), count);
        glFinish();
        auto t5 = std::chrono::steady_clock::now();
        std::printf("count %u  source %.1f  classify %.1f  reduce %.1f  count %.1f  traverse %.1f ms\n", count,
                    ms(t0, t1), ms(t1, t2), ms(t2, t3), ms(t3, t4), ms(t4, t5));
    }
    return 0;
}

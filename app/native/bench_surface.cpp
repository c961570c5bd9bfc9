// The surface stages on EGL: metaballs at the default iso (the scene) at each atlas
// size, both routes of the 3D view (fragment: extraction pass + draw from textures; vertex:
// the draw walks the pyramid), the vertex counts in their own pass or written by the
// classification (fused), GL timer queries per pass and the 3D draw into an offscreen
// 1024² target with depth (the "display" pass). Cell compaction timed in the same frames, so
// the mesh stages can be held against it. JSON on stdout.
#include "bench_surface.h"

#include <cstdio>
#include <cstring>
#include <string>

#include "bench_common.h"
#include "clock.h"
#include "surface_view.h"
#include "volume_compaction.h"

namespace hp {
namespace {

constexpr int kTarget = 1024;  // the 3D view's size, pixels

// A configuration's JSON row (after a separator unless `first`), and its line on stderr.
std::string report(const GpuTimer& timer, const AtlasLayout& layout, MeshRoute route, bool fused, const FrameResult& r,
                   double per_frame, bool first) {
    const int atlas = layout.atlas;
    std::string ms;
    for (int p = 0; p < kPassCount; ++p) {
        char one[64];
        std::snprintf(one, sizeof one, "%s\"%s\": %.6f", p ? ", " : "", name_of(Pass(p)), timer.median_ms(p));
        ms += one;
    }
    char row[1536];
    std::snprintf(row, sizeof row,
                  "%s  {\"atlas\": %d, \"volume\": %d, \"route\": \"%s\", \"count\": \"%s\", \"cells\": %u, \"vertices\": %u, "
                  "\"timing\": \"%s\", \"samples\": %d, \"frame\": %.6f, \"ms\": {%s}}",
                  first ? "" : ",\n", atlas, layout.dims[0], name_of(route), fused ? "fused" : "separate", r.count,
                  r.vertices, timer.gpu() ? "gpu" : "cpu", timer.samples(int(Pass::Display)), per_frame, ms.c_str());
    auto median = [&](Pass p) { return timer.median_ms(int(p)); };
    std::fprintf(stderr, "%5d %-8s %-8s cells %8u vertices %9u  mesh %8.4f ms (count %.4f reduce %.4f extract %.4f) draw %8.4f ms; cells: classify+reduce+count+traverse %8.4f ms\n",
                 atlas, name_of(route), fused ? "fused" : "separate", r.count, r.vertices,
                 median(Pass::MeshCount) + median(Pass::MeshReduce) + median(Pass::MeshExtract),
                 median(Pass::MeshCount), median(Pass::MeshReduce), median(Pass::MeshExtract), median(Pass::Display),
                 median(Pass::Classify) + median(Pass::Reduce) + median(Pass::Count) + median(Pass::Traverse));
    return row;
}

}  // namespace

int bench_surface(bool quick) {
    EglContext ctx;
    bool queries = false;
    if (!open_bench_context(&ctx, &queries)) return 1;
    std::string error;
    gl::Texture color(GL_RGBA8, kTarget, kTarget), depth(GL_DEPTH_COMPONENT24, kTarget, kTarget);
    gl::Framebuffer target = gl::color_target(color);
    glBindFramebuffer(GL_FRAMEBUFFER, target.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depth.id(), 0);
    SurfaceView view;
    if (!view.init(&error)) return std::fprintf(stderr, "%s\n", error.c_str()), 1;
    const int warmup = quick ? 5 : 20, frames = quick ? 30 : 200;
    const double t_start = now_ms();
    std::string rows;
    GpuTimer timer;
    OrbitCamera camera;
    for (int atlas : {512, 2048, 4096}) {
        const AtlasLayout layout = layout_for_volume(atlas == 512 ? 64 : atlas == 2048 ? 128 : 256);
        VolumeCompaction gpu;
        if (!gpu.init(layout, {Pyramid::Scalar, Format::Float}, &error))
            return std::fprintf(stderr, "%s\n", error.c_str()), 1;
        for (MeshRoute route : {MeshRoute::Fragment, MeshRoute::Vertex})
        for (bool fused : {false, true}) {
            FrameSettings s;
            s.time = 1.25;
            s.extract = route == MeshRoute::Fragment;
            s.fused_count = fused;
            timer.init(kPassCount, queries);
            FrameResult r;
            auto frame = [&](GpuTimer* t) {
                if (t) t->begin_frame();
                r = gpu.run(s, t);
                glBindFramebuffer(GL_FRAMEBUFFER, target.id());
                if (t) t->begin(int(Pass::Display));
                const float n = float(layout.dims[0]);
                const SurfaceScene scene{r.vertex_keys_drawn, {n, n, n}, {1, 1, 1}, &camera, SurfaceColor::Normal};
                if (route == MeshRoute::Vertex)
                    view.draw_walking({0, 0, kTarget, kTarget}, gpu.mesh(), gpu.volume(), s.classify, s.iso, scene);
                else
                    view.draw({0, 0, kTarget, kTarget}, gpu.mesh(), scene);
                if (t) t->end(int(Pass::Display));
                if (t) t->end_frame();
            };
            for (int i = 0; i < warmup; ++i) frame(nullptr);
            glFinish();
            const double t0 = now_ms();
            for (int i = 0; i < frames; ++i) frame(&timer);
            glFinish();
            const double per_frame = (now_ms() - t0) / frames;
            collect_last_frames(&timer);
            rows += report(timer, layout, route, fused, r, per_frame, rows.empty());
        }
    }
    std::printf("{\"plan\": \"surface%s\", \"renderer\": \"%s\", \"timing\": \"%s\", \"frames\": %d, \"warmup\": %d, "
                "\"seconds\": %.1f, \"native\": true, \"scene\": \"metaballs, iso 0.5, t 1.25, surface\",\n \"rows\": [\n%s\n]}\n",
                quick ? "-quick" : "", ctx.renderer().c_str(), queries ? "gpu" : "cpu", frames, warmup,
                (now_ms() - t_start) / 1000, rows.c_str());
    return 0;
}

}  // namespace hp

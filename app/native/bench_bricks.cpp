// The surface of a volume file made in bricks (app/gpu/bricked_surface.h) on EGL, as the page
// makes it past one atlas: the file read by the core readers (its stored type kept), its 16³
// bricks' ranges, a pool within `pool_mb`, then the surface at each iso in turn, each timed
// from the call to the GPU's finish (glFinish after a one-vertex read-back: the first level's
// list and each round's vertex count are read back inside, so the wall time is the whole job).
// The first iso is the cold one (every active brick uploaded); an iso that needs only bricks
// already in the pool uploads none. One JSON line a run on stdout, after one for the volume.
//   bench_native --bricks FILE ISO [ISO ...] [--pool MB]
#include "bench_bricks.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include "bench_common.h"
#include "brick_grid.h"
#include "bricked_surface.h"
#include "clock.h"
#include "volume_file.h"

namespace hp {
namespace {
// Milliseconds since the epoch (the clock the GPU machine's clock samples carry).
double wall_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::system_clock::now().time_since_epoch()).count();
}
}  // namespace

int bench_bricks(const char* file, const std::vector<float>& isos, double pool_mb) {
    EglContext ctx;
    bool queries = false;
    if (!open_bench_context(&ctx, &queries)) return 1;
    const double t0 = now_ms();
    std::ifstream in(file, std::ios::binary | std::ios::ate);
    std::vector<std::uint8_t> bytes(in ? std::size_t(in.tellg()) : 0);
    in.seekg(0);
    in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
    VolumeOptions options;
    options.name = file;
    options.max_voxels = options.max_data_bytes = std::uint64_t(1) << 34;
    Volume v;
    std::string error;
    if (bytes.empty() || !load_volume(bytes.data(), bytes.size(), options, &v, &error))
        return std::fprintf(stderr, "bench_bricks: %s: %s\n", file, bytes.empty() ? "cannot read" : error.c_str()), 1;
    const double t_read = now_ms();
    const BrickGrid grid = brick_grid(v.values, v.dims, kBrickCells);
    const double t_grid = now_ms();
    GLint max_3d = 0;
    glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max_3d);
    const BrickedSurface::Size size = BrickedSurface::size_for(grid, pool_mb * 1048576.0, max_3d, v.values.type());
    BrickedSurface surface;
    if (!surface.init(grid, size, v.values, &error)) return std::fprintf(stderr, "bench_bricks: %s\n", error.c_str()), 1;
    std::printf("{\"file\": \"%s\", \"renderer\": \"%s\", \"dims\": [%d, %d, %d], \"stored\": \"%s\", \"readMs\": %.1f, "
                "\"gridMs\": %.1f, \"bricks\": %zu, \"poolMb\": %.1f, \"slots\": %u, \"round\": %u, \"poolBytes\": %.0f, "
                "\"roundBytes\": %.0f}\n",
                file, ctx.renderer().c_str(), v.dims[0], v.dims[1], v.dims[2], stored_name(v.values.type()), t_read - t0,
                t_grid - t_read, grid.bricks(), pool_mb, size.slots, size.round, BrickCells::pool_bytes(grid, size.slots, v.values.type()),
                BrickCells::round_bytes(grid, size.round));
    std::vector<float> one_p, one_n;
    for (int pass = 0; pass < 2; ++pass)  // the second time over the isos: each step's time
    for (float iso : isos) {
        surface.profile(pass == 1);
        const double a = now_ms(), start = wall_ms();
        const BrickedSurface::Figures f = surface.run(v.values, iso);
        surface.read(1, &one_p, &one_n);
        glFinish();
        const double ms = now_ms() - a;
        const BrickCount cpu = active_bricks(grid, iso);
        std::printf("{\"iso\": %g, \"ms\": %.2f, \"startMs\": %.0f, \"vertices\": %llu, \"triangles\": %llu, \"active\": %u, "
                    "\"activeCpu\": %llu, \"rounds\": %u, \"uploaded\": %u, \"truncated\": %s, \"bufferBytes\": %llu, \"profiled\": %s, \"stepsMs\": {\"level\": %.2f, \"plan\": %.2f, "
                    "\"upload\": %.2f, \"mesh\": %.2f}}\n",
                    double(iso), ms, start, (unsigned long long)f.vertices, (unsigned long long)(f.vertices / 3),
                    f.active, (unsigned long long)cpu.active, f.rounds, f.uploaded, f.truncated ? "true" : "false",
                    (unsigned long long)surface.buffer_bytes(), pass ? "true" : "false", f.ms_level, f.ms_plan, f.ms_upload,
                    f.ms_mesh);
        std::fprintf(stderr, "iso %8g: %9.2f ms, %10llu triangles, %6u bricks in %3u rounds, %6u uploaded\n", double(iso), ms,
                     (unsigned long long)(f.vertices / 3), f.active, f.rounds, f.uploaded);
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace hp

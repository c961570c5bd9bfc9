// The benchmark on OpenGL ES 3 through EGL with no window (Mesa here, the NVIDIA driver on the
// GPU machine): the matrix of web/bench/bench.js (atlas sizes × occupancies × modes × readbacks),
// GL timer queries per pass, and the whole frame as throughput: F frames issued back to back,
// one glFinish at the end, wall time / F (so a blocking readback's stall counts, and an async
// one's overlap shows). Writes JSON (the browser benchmark's schema) to stdout.
//   bench_native [--quick] [--cub PROGRAM] [--dump DIR] | --surface [--quick]
// --cub runs PROGRAM (bench/cub/select_flagged.cu, built with nvcc) on the 2048² 10% case's
// atlas and flags, dumped to DIR, and embeds what it prints: CUB's DeviceSelect::Flagged as
// the compute floor on the same GPU. --surface times the mesh stages instead (bench_surface.cpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "bench_common.h"
#include "bench_bricks.h"
#include "bench_surface.h"
#include "clock.h"
#include "volume_compaction.h"

namespace {

using hp::CompactionMode;
using hp::now_ms;

struct Plan {
    std::vector<int> atlases;
    std::vector<double> occupancy;
    std::vector<std::pair<const char*, CompactionMode>> modes;
    std::vector<hp::Readback> readbacks;
    int warmup, frames;
};

hp::AtlasLayout layout_of(int atlas) {
    return {atlas, atlas <= 1024 ? 64 : atlas == 2048 ? 128 : 256};
}

// The iso at which the noise source in solid mode has `target` of its voxels active.
float calibrate(hp::VolumeCompaction& gpu, double target, std::uint32_t* count) {
    const double voxels = std::pow(double(gpu.volume().layout().dims[0]), 3);
    hp::FrameSettings s;
    s.source = hp::Source::Noise;
    s.classify = hp::Classify::Solid;
    double lo = 0, hi = 1, best_iso = 0.5, best_err = 1e9;
    for (int i = 0; i < 20; ++i) {
        s.iso = float((lo + hi) / 2);
        const std::uint32_t n = gpu.run(s).count;
        const double occ = n / voxels;
        if (std::fabs(occ - target) < best_err) best_err = std::fabs(occ - target), best_iso = s.iso, *count = n;
        (occ > target ? lo : hi) = s.iso;
    }
    return float(best_iso);
}

void write_raw(const std::string& path, const void* data, std::size_t bytes) {
    std::ofstream(path, std::ios::binary).write(static_cast<const char*>(data), std::streamsize(bytes));
}

std::string run_command(const std::string& cmd) {
    std::string out;
    if (FILE* p = popen(cmd.c_str(), "r")) {
        char buf[4096];
        std::size_t n;
        while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
        pclose(p);
    }
    return out;
}

// CUB on the same atlas and flags: the atlas floats and the base level bytes, dumped to
// `dump` for `cub` to read; what it prints (JSON), or "null".
std::string run_cub(const hp::VolumeCompaction& cal, float iso, const std::string& cub, const std::string& dump) {
    const auto values = cal.volume().read_atlas();
    write_raw(dump + "/atlas.f32", values.data(), values.size() * 4);
    std::vector<std::uint8_t> flags(values.size());
    const hp::AtlasLayout l = cal.volume().layout();
    for (int y = 0; y < l.volume_rows(); ++y)
        for (int x = 0; x < l.atlas; ++x) {
            hp::Voxel v;
            const std::size_t i = std::size_t(y) * l.atlas + x;
            flags[i] = l.voxel_of({x, y}, &v) && values[i] >= iso;
        }
    write_raw(dump + "/flags.u8", flags.data(), flags.size());
    char cmd[1024];
    std::snprintf(cmd, sizeof cmd, "%s %s/atlas.f32 %s/flags.u8 %d %d %.9g", cub.c_str(), dump.c_str(), dump.c_str(),
                  l.atlas, l.dims[0], double(iso));
    const std::string out = run_command(cmd);
    return out.find('{') == std::string::npos ? "null" : out;
}

// One row of the matrix: what it runs, and the frames measured.
struct Row {
    int atlas;
    double target, occupancy;
    float iso;
    std::uint32_t true_count;
    const char* mode;
    hp::Readback readback;
};

// Runs a row's warm-up and timed frames; its JSON (after a separator unless `first`).
std::string measure(hp::VolumeCompaction& gpu, hp::GpuTimer* timer, const Plan& plan, const Row& w, bool first) {
    hp::FrameSettings s;
    s.source = hp::Source::Noise;
    s.classify = hp::Classify::Solid;
    s.iso = w.iso;
    s.readback = w.readback;
    s.expected = w.true_count;
    s.mesh = false;  // the compaction alone; --surface times the mesh stages
    for (int i = 0; i < plan.warmup; ++i) gpu.run(s);
    glFinish();
    timer->reset();
    std::vector<double> cpu;
    hp::FrameResult r;
    const double t0 = now_ms();
    for (int i = 0; i < plan.frames; ++i) {
        timer->begin_frame();
        const double c0 = now_ms();
        r = gpu.run(s, timer);
        cpu.push_back(now_ms() - c0);
        timer->end_frame();
    }
    glFinish();
    const double frame = (now_ms() - t0) / plan.frames;
    hp::collect_last_frames(timer);
    std::nth_element(cpu.begin(), cpu.begin() + cpu.size() / 2, cpu.end());
    double ms[5], compact = 0;
    for (int p = 0; p < 5; ++p) ms[p] = timer->median_ms(p), compact += p ? ms[p] : 0;
    char row[1024];
    std::snprintf(row, sizeof row,
                  "%s  {\"atlas\": %d, \"volume\": %d, \"occupancy\": %g, \"measuredOccupancy\": %.6f, "
                  "\"iso\": %.9g, \"trueCount\": %u, \"mode\": \"%s\", \"readback\": \"%s\", "
                  "\"count\": %u, \"countRead\": %s, \"countAge\": %u, \"timing\": \"%s\", \"samples\": %d, "
                  "\"ms\": {\"source\": %.6f, \"classify\": %.6f, \"reduce\": %.6f, \"count\": %.6f, "
                  "\"traverse\": %.6f, \"display\": 0, \"compact\": %.6f, \"gpu\": %.6f, "
                  "\"compute\": %.6f, \"frame\": %.6f}}",
                  first ? "" : ",\n", w.atlas, layout_of(w.atlas).dims[0], w.target, w.occupancy, double(w.iso),
                  w.true_count, w.mode, hp::name_of(w.readback), r.count, r.count_read ? "true" : "false", r.count_age,
                  timer->gpu() ? "gpu" : "cpu", timer->samples(int(hp::Pass::Traverse)), ms[0], ms[1], ms[2], ms[3],
                  ms[4], compact, ms[0] + compact, cpu[cpu.size() / 2], frame);
    std::fprintf(stderr, "%5d %5.1f%% %-17s %-8s compact %8.4f ms  frame %8.4f ms\n", w.atlas, w.target * 100, w.mode,
                 hp::name_of(w.readback), compact, frame);
    return row;
}

}  // namespace

int main(int argc, char** argv) {
    bool quick = false;
    std::string cub, dump = "/tmp";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--quick")) quick = true;
        else if (!std::strcmp(argv[i], "--cub") && i + 1 < argc) cub = argv[++i];
        else if (!std::strcmp(argv[i], "--dump") && i + 1 < argc) dump = argv[++i];
    }
    for (int i = 1; i < argc; ++i)
        if (!std::strcmp(argv[i], "--surface")) return hp::bench_surface(quick);
    if (argc > 3 && !std::strcmp(argv[1], "--bricks")) {  // --bricks FILE ISO [ISO ...] [--pool MB]
        std::vector<float> isos;
        double pool = 256;
        for (int i = 3; i < argc; ++i)
            if (!std::strcmp(argv[i], "--pool") && i + 1 < argc) pool = std::atof(argv[++i]);
            else isos.push_back(float(std::atof(argv[i])));
        return hp::bench_bricks(argv[2], isos, pool);
    }
    using hp::Format;
    using hp::Pyramid;
    const std::vector<std::pair<const char*, CompactionMode>> all_modes = {
        {"baseline", {Pyramid::Baseline, Format::Float}},
        {"scalar", {Pyramid::Scalar, Format::Float}},
        {"vec4", {Pyramid::Vec4, Format::Float}},
        {"scalar-uint", {Pyramid::Scalar, Format::Uint}},
        {"vec4-uint", {Pyramid::Vec4, Format::Uint}},
    };
    const Plan plan = quick ? Plan{{512, 2048}, {0.01, 0.1}, all_modes, {hp::Readback::Sync, hp::Readback::Async}, 5, 30}
                            : Plan{{512, 1024, 2048, 4096}, {0.001, 0.01, 0.1, 0.5}, all_modes,
                                   {hp::Readback::Sync, hp::Readback::Async, hp::Readback::Expected}, 20, 200};
    hp::EglContext ctx;
    bool queries = false;
    if (!hp::open_bench_context(&ctx, &queries)) return 1;
    std::string error;
    hp::GpuTimer timer;
    std::string rows;
    std::string cub_json = "null";
    const double t_start = now_ms();
    for (int atlas : plan.atlases) {
        for (double target : plan.occupancy) {
            hp::VolumeCompaction cal;
            if (!cal.init(layout_of(atlas), all_modes[2].second, &error))
                return std::fprintf(stderr, "%s\n", error.c_str()), 1;
            std::uint32_t true_count = 0;
            const float iso = calibrate(cal, target, &true_count);
            const double occupancy = true_count / std::pow(double(layout_of(atlas).dims[0]), 3);
            if (!cub.empty() && atlas == 2048 && target == 0.1) cub_json = run_cub(cal, iso, cub, dump);
            for (const auto& [name, mode] : plan.modes) {
                hp::VolumeCompaction gpu;
                if (!gpu.init(layout_of(atlas), mode, &error)) return std::fprintf(stderr, "%s\n", error.c_str()), 1;
                timer.init(hp::kPassCount, queries);
                for (hp::Readback rb : plan.readbacks)
                    rows += measure(gpu, &timer, plan, {atlas, target, occupancy, iso, true_count, name, rb}, rows.empty());
            }
        }
    }
    std::printf("{\"plan\": \"%s\", \"renderer\": \"%s\", \"timing\": \"%s\", \"frames\": %d, \"warmup\": %d, "
                "\"seconds\": %.1f, \"native\": true,\n \"cub\": %s,\n \"rows\": [\n%s\n]}\n",
                quick ? "quick" : "full", ctx.renderer().c_str(), queries ? "gpu" : "cpu", plan.frames, plan.warmup,
                (now_ms() - t_start) / 1000, cub_json.c_str(), rows.c_str());
    return 0;
}

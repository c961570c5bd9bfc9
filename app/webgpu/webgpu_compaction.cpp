#include "webgpu_compaction.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "compaction_stages.h"
#include "pass_times.h"
#include "source_params.h"
#include "volume_atlas.h"
#include "webgpu_uniforms.h"

namespace hp {

using namespace wgpu;

namespace {
// fallback=1: predecessors each single-pass workgroup reduces itself without looking at their
// posts (enough that tiles 0..16 find their whole prefix that way, in a 512² atlas's 64).
constexpr std::uint32_t kForcedFallbacks = 16;
}  // namespace

bool WebGpuCompaction::available(std::string* reason) {
    if (hpgpu_ready()) return true;
    char text[512];
    hpgpu_reason(text, sizeof text);
    *reason = text;
    return false;
}

std::string WebGpuCompaction::take_error() {
    if (!errors_.empty()) {
        std::string message = std::move(errors_.front());
        errors_.pop_front();
        return message;
    }
    char text[1024];  // a shader's compile error names its chunk's line (wgsl_lines)
    return hpgpu_take_error(text, sizeof text) ? wgsl_lines(text) : std::string();
}

bool WebGpuCompaction::out_of_memory(std::string* why) {
    char text[512];
    if (!hpgpu_out_of_memory(text, sizeof text)) return false;
    *why = text;
    return true;
}

FrameBuffers WebGpuCompaction::frame_buffers() const {
    return {layout_, volume_uniform_, atlas_, counter_, stream_, stream_keys_, mesh_vertices_};
}

// The largest a buffer bound to a kernel may be here; the test hooks `Module.hpGpu.streamKeys`
// and `.meshVertices` may hold the stream's keys and the surface buffers' first vertices lower,
// and `.gridRow` the workgroup grids' rows narrower (hpgpu_limit(2), (3) and (4); 0: not set).
bool WebGpuCompaction::size_buffers(const AtlasLayout& layout, std::string* error) {
    set_grid_row(std::uint64_t(hpgpu_limit(4)));
    const double limit = std::min(hpgpu_limit(0), hpgpu_limit(1));
    const double texels = double(layout.texel_count());
    const auto mib = [](double bytes) { return std::to_string(std::int64_t(bytes / 1048576)); };
    if (4.0 * texels > limit) {  // the atlas, and the per-texel scans' buffers
        *error = "a " + std::to_string(layout.atlas) + "² atlas needs " + mib(4.0 * texels) +
                 " MiB buffers; this device's WebGPU buffers hold at most " + mib(limit) + " MiB";
        return false;
    }
    double keys = std::min({texels, double(layout.voxel_count()), std::floor(limit / 16.0)});
    if (hpgpu_limit(2) > 0) keys = std::min(keys, hpgpu_limit(2));
    stream_keys_ = std::uint32_t(keys);
    max_mesh_vertices_ = std::uint32_t(std::min({texels, std::floor(limit / 16.0), double(kMaxMeshVertices)}));
    mesh_vertices_ = std::min(max_mesh_vertices_, kFirstMeshVertices);
    if (hpgpu_limit(3) > 0) mesh_vertices_ = std::min(mesh_vertices_, std::uint32_t(hpgpu_limit(3)));
    return true;
}

bool WebGpuCompaction::alive(std::string* why) const {
    if (device_ != 0 && hpgpu_ready() == device_) return true;
    if (available(why)) *why = "the WebGPU device was lost, and a new one got since";
    return false;
}

bool WebGpuCompaction::init(const AtlasLayout& layout, Pyramid mode, std::string* error) {
    if (!available(error)) {
        *error = "WebGPU is not available: " + *error;
        return false;
    }
    device_ = hpgpu_ready();
    if (!layout.valid(error)) return false;
    layout_ = layout;
    mode_ = mode;
    if (!size_buffers(layout, error)) return false;
    const double texels = double(layout.texel_count());
    volume_uniform_ = buffer(sizeof(VolumeUniform), kUniform | kCopyDst, "volume");
    atlas_ = buffer(4 * texels, kStorage | kCopySrc | kCopyDst, "atlas");
    counter_ = buffer(kCounterBytes, kStorage | kIndirect | kCopySrc, "counter");
    stream_ = buffer(16.0 * stream_keys_, kStorage | kCopySrc, "stream");
    display_ = DisplayCopy(layout_, stream_keys_);
    std::string why;
    source_ = volume_source_stage(frame_buffers(), &why);
    scan_ = ScanKind::Blocks;
    if (why.empty()) build_mode_stages(mode_, scan_, frame_buffers(), &mode_stages_, &why);
    if (!why.empty()) {
        *error = why;
        return false;
    }
    readback_.init(hpgpu_has_timestamps() != 0, mesh_capacity());
    return true;
}

void WebGpuCompaction::upload(const Volume& volume) {
    const int s = layout_.atlas;
    for_each_tile_row(volume, layout_, [&](int first, int rows, const float* band) {
        write(atlas_, double(first) * double(s) * 4, band, int(std::size_t(rows) * std::size_t(s) * 4));
    });
}

void WebGpuCompaction::write_volume(const FrameSettings& s) {
    VolumeUniform u{};
    u.atlas = std::uint32_t(layout_.atlas);
    for (int i = 0; i < 3; ++i) u.dims[i] = layout_.dims[std::size_t(i)];
    u.tile_shift[0] = std::uint32_t(log2_exact(layout_.tile_w()));
    u.tile_shift[1] = std::uint32_t(log2_exact(layout_.tile_h()));
    u.tiles_shift = std::uint32_t(log2_exact(layout_.tiles_per_row()));
    u.iso = s.iso;
    u.classify = std::uint32_t(s.classify);
    u.limit = s.readback == Readback::Expected ? std::min(s.expected, stream_keys_) : stream_keys_;
    u.keys = stream_keys_;
    u.vertices = mesh_vertices_;
    u.fallback = s.fallback ? kForcedFallbacks : 0;
    const SourceParams p = source_params(s.source, s.time);
    std::memcpy(u.params, p.values.data(), sizeof u.params);
    const CropBox box = crop_of(s, layout_.dims);
    u.cropped = box.whole(layout_.dims) ? 0 : 1;
    for (std::size_t i = 0; i < 3; ++i) u.crop_lo[i] = box.lo[i], u.crop_hi[i] = box.hi[i];
    u.background = s.background;
    write(volume_uniform_, 0, &u, sizeof u);
}

// webgpu-scan's scan is a frame setting: a new one re-makes the stages after the source (as a
// mode change would), and the surface's scan follows it, as its stages follow `vertices`. A
// surface that could not be made with a scan is said once, not tried again every frame.
void WebGpuCompaction::follow_scan(const FrameSettings& s) {
    std::string error;
    if (mode_ == Pyramid::WebgpuScan && s.scan != scan_) {
        scan_ = s.scan;
        if (!build_mode_stages(mode_, scan_, frame_buffers(), &mode_stages_, &error))
            errors_.push_back("scan=" + std::string(name_of(s.scan)) + ": " + error);
    }
    bool tried = mesh_.scan() == s.scan && mesh_.vertices() == s.vertices && (mesh_.ready() || mesh_.failed());
    // A surface past the buffers' vertices: larger ones, the next power of two that holds it
    // (up to max_mesh_vertices_), from the next frame on; this one's is cut at the capacity.
    const std::uint32_t total = readback_.newest_vertices();
    if (s.mesh && mesh_.ready() && total > mesh_vertices_ && mesh_vertices_ < max_mesh_vertices_) {
        mesh_vertices_ = std::uint32_t(next_power_of_two(int(std::min(total, max_mesh_vertices_))));
        readback_.set_mesh_capacity(mesh_vertices_);
        tried = false;
    }
    if (s.mesh && !tried && !mesh_.init(frame_buffers(), s.scan, s.vertices, &error))
        errors_.push_back("the surface's stages: " + error);
}

// The stages in order, each in the compute pass it is timed as (consecutive stages of one pass
// share it; timestamps=whole: kWholeCompaction share one).
std::uint32_t WebGpuCompaction::record_frame(const FrameSettings& s) {
    int open = -1;  // the pass being recorded
    std::uint32_t timed = 0;
    auto record = [&](const Stage& stage) {
        const int want = int(timed_as(stage.pass(), s.timestamps));
        if (open != want) {
            if (open >= 0) hpgpu_pass_end();
            hpgpu_pass_begin(readback_.timestamps() ? want : -1);
            open = want;
            timed |= 1u << want;
        }
        stage.record(s);
    };
    record(*source_);
    for (const auto& stage : mode_stages_.stages) record(*stage);
    if (s.mesh && mesh_.ready())
        for (const Stage* stage : mesh_.stages(s)) record(*stage);
    if (open >= 0) hpgpu_pass_end();
    return timed;
}

FrameResult WebGpuCompaction::run(const FrameSettings& s) {
    follow_scan(s);
    write_volume(s);
    hpgpu_begin();
    const std::uint32_t timed = record_frame(s);
    const FrameResult r = readback_.issue(s, counter_, s.mesh && mesh_.ready(), timed);
    const wgpu::ModeStages& m = mode_stages_;
    display_.issue({atlas_, m.levels, stream_, m.plan.words, m.tiles, m.tile_words, m.tile_first, m.tile_size, m.tile_posts});
    hpgpu_submit();
    return r;
}

void WebGpuCompaction::poll(PassTimes* timer) {
    std::string error;
    readback_.poll(timer, &error);
    if (!error.empty()) errors_.push_back(error);
}

}  // namespace hp

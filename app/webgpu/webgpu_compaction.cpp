#include "webgpu_compaction.h"

#include <algorithm>
#include <cstring>

#include "pass_times.h"
#include "source_params.h"

namespace hp {

using namespace wgpu;

namespace {

// shaders/volume.wgsl's Volume.
struct VolumeUniform {
    std::uint32_t atlas, volume, volume_shift, tiles_shift;
    float iso;
    std::uint32_t surface, limit, pad;
    float params[24];
};
static_assert(sizeof(VolumeUniform) == 128, "matches volume.wgsl");

constexpr int kTimedPasses = kPassCount;  // query pairs, indexed by Pass
constexpr std::size_t kMaxTimestampReads = 16;

// Workgroups for n invocations of 256 as a grid (a dimension holds at most 65535).
void grid(std::uint64_t n, int* x, int* y) {
    const std::uint64_t groups = (n + 255) / 256;
    *x = int(std::min<std::uint64_t>(groups, 32768));
    *y = int((groups + 32767) / 32768);
}

}  // namespace

bool WebGpuCompaction::available(std::string* reason) {
    if (hpgpu_ready()) return true;
    char text[512];
    hpgpu_reason(text, sizeof text);
    *reason = text;
    return false;
}

std::string WebGpuCompaction::take_error() {
    char text[1024];
    return hpgpu_take_error(text, sizeof text) ? std::string(text) : std::string();
}

bool WebGpuCompaction::init(const AtlasLayout& layout, Pyramid mode, std::string* error) {
    *this = WebGpuCompaction();
    if (!available(error)) {
        *error = "WebGPU is not available: " + *error;
        return false;
    }
    if (!layout.valid(error)) return false;
    layout_ = layout;
    mode_ = mode;
    const double texels = double(layout.texel_count());
    const double stream_bytes = 16.0 * texels;
    const double binding_limit = std::min(hpgpu_limit(0), hpgpu_limit(1));
    if (stream_bytes > binding_limit) {
        *error = "a " + std::to_string(layout.atlas) + "² atlas needs a " + std::to_string(int(stream_bytes / 1048576)) +
                 " MiB stream buffer; this device's WebGPU buffers hold at most " +
                 std::to_string(int(binding_limit / 1048576)) + " MiB";
        return false;
    }
    timestamps_ = hpgpu_has_timestamps() != 0;

    volume_uniform_ = buffer(sizeof(VolumeUniform), kUniform | kCopyDst, "volume");
    atlas_ = buffer(4 * texels, kStorage | kCopySrc | kCopyDst, "atlas");
    base_ = buffer(4 * texels, kStorage | kCopySrc, "base (Morton order)");
    counter_ = buffer(80, kStorage | kIndirect | kCopySrc, "counter");  // compaction_counter.wgsl
    stream_ = buffer(stream_bytes, kStorage | kCopySrc, "stream");
    total_at_ = buffer(16, kUniform | kCopyDst, "total index");

    const char* sources[3] = {"source_metaballs.wgsl", "source_sphere.wgsl", "source_noise.wgsl"};
    for (int i = 0; i < 3; ++i) {
        source_pipelines_[i] = pipeline({"volume.wgsl", sources[i], "volume_source.wgsl"},
                                        {kUniformBinding, kReadWrite}, sources[i]);
        source_groups_[i] = group(source_pipelines_[i], {volume_uniform_.id(), atlas_.id()});
    }
    count_pipeline_ = pipeline({"volume.wgsl", "compaction_counter.wgsl", "count.wgsl"},
                               {kUniformBinding, kReadOnly, kReadWrite, kUniformBinding}, "count.wgsl");
    tail_pipeline_ = pipeline({"volume.wgsl", "compaction_counter.wgsl", "stream_tail.wgsl"},
                              {kUniformBinding, kReadOnly, kReadWrite}, "stream_tail.wgsl");
    tail_group_ = group(tail_pipeline_, {volume_uniform_.id(), counter_.id(), stream_.id()});

    std::uint32_t total_index[4] = {0, 0, 0, 0};
    if (mode == Pyramid::WebgpuScan) {
        // Classify fused with the base's block scan; the block counts are scanned by BlockScan
        // into each block's offset, which the scatter adds.
        const std::uint32_t blocks = std::uint32_t(texels / ScanPlan::kBlock);
        block_counts_ = buffer(4.0 * blocks, kStorage | kCopySrc, "block counts");
        scan_classify_pipeline_ = pipeline({"volume.wgsl", "cells.wgsl", "scan_workgroup.wgsl", "scan_classify.wgsl"},
                                           {kUniformBinding, kReadWrite, kReadWrite, kReadOnly}, "scan_classify.wgsl");
        scan_classify_group_ = group(scan_classify_pipeline_, {volume_uniform_.id(), base_.id(), block_counts_.id(), atlas_.id()});
        if (!scan_.init(blocks, block_counts_.id(), error)) return false;
        scatter_pipeline_ = pipeline({"volume.wgsl", "cells.wgsl", "compaction_counter.wgsl", "scan_scatter.wgsl"},
                                     {kUniformBinding, kReadOnly, kReadOnly, kReadOnly, kReadWrite, kReadOnly},
                                     "scan_scatter.wgsl");
        scatter_group_ = group(scatter_pipeline_, {volume_uniform_.id(), atlas_.id(), base_.id(), counter_.id(),
                                                   stream_.id(), block_counts_.id()});
        count_group_ = group(count_pipeline_, {volume_uniform_.id(), scan_.total_buffer(), counter_.id(), total_at_.id()});
    } else {
        pyramid_plan_ = plan_pyramid(layout.atlas);
        classify_pipeline_ = pipeline({"volume.wgsl", "cells.wgsl", "classify.wgsl"},
                                      {kUniformBinding, kReadOnly, kReadWrite}, "classify.wgsl");
        classify_group_ = group(classify_pipeline_, {volume_uniform_.id(), atlas_.id(), base_.id()});
        const PyramidPlan& p = pyramid_plan_;
        levels_ = buffer(4.0 * p.words, kStorage | kCopySrc, "pyramid levels");
        reduce_pipeline_ = pipeline({"pyramid_reduce.wgsl"}, {kUniformBinding, kReadOnly, kReadWrite}, "pyramid_reduce.wgsl");
        for (const PyramidPlan::Dispatch& d : p.dispatches) {
            std::uint32_t u[12] = {d.n_out, d.levels, d.from_base, d.src};
            std::copy(d.dst.begin(), d.dst.end(), u + 4);
            reduce_uniforms_.push_back(buffer(sizeof u, kUniform | kCopyDst, "reduce"));
            hpgpu_write(reduce_uniforms_.back().id(), 0, u, sizeof u);
            reduce_groups_.push_back(group(reduce_pipeline_, {reduce_uniforms_.back().id(), base_.id(), levels_.id()}));
        }
        std::uint32_t t[20] = {std::uint32_t(p.top)};
        for (int k = 1; k <= p.top; ++k) t[4 + k] = p.offsets[std::size_t(k)] / 4;
        traverse_uniform_ = buffer(sizeof t, kUniform | kCopyDst, "traverse");
        hpgpu_write(traverse_uniform_.id(), 0, t, sizeof t);
        traverse_pipeline_ = pipeline({"volume.wgsl", "cells.wgsl", "compaction_counter.wgsl", "pyramid_traverse.wgsl"},
                                      {kUniformBinding, kReadOnly, kReadOnly, kReadOnly, kReadOnly, kReadWrite, kUniformBinding},
                                      "pyramid_traverse.wgsl");
        traverse_group_ = group(traverse_pipeline_, {volume_uniform_.id(), atlas_.id(), base_.id(), levels_.id(),
                                                     counter_.id(), stream_.id(), traverse_uniform_.id()});
        total_index[0] = p.offsets[std::size_t(p.top)];
        count_group_ = group(count_pipeline_, {volume_uniform_.id(), levels_.id(), counter_.id(), total_at_.id()});
    }
    hpgpu_write(total_at_.id(), 0, total_index, sizeof total_index);
    if (timestamps_) {
        hpgpu_timestamps(2 * kTimedPasses);
        timestamp_buffer_ = buffer(16.0 * kTimedPasses, kQueryResolve | kCopySrc, "timestamps");
    }
    return true;
}

void WebGpuCompaction::upload(const PngAtlas& png) {
    hpgpu_write(atlas_.id(), 0, png.values.data(), int(png.values.size() * sizeof(float)));
}

void WebGpuCompaction::write_volume(const FrameSettings& s) {
    VolumeUniform u{};
    u.atlas = std::uint32_t(layout_.atlas);
    u.volume = std::uint32_t(layout_.volume);
    u.volume_shift = std::uint32_t(log2_exact(layout_.volume));
    u.tiles_shift = std::uint32_t(log2_exact(layout_.tiles_per_row()));
    u.iso = s.iso;
    u.surface = s.classify == Classify::Surface;
    u.limit = s.readback == Readback::Expected ? s.expected : 0xffffffffu;
    const SourceParams p = source_params(s.source, s.time);
    std::memcpy(u.params, p.values.data(), sizeof u.params);
    hpgpu_write(volume_uniform_.id(), 0, &u, sizeof u);
}

void WebGpuCompaction::record_frame(const FrameSettings& s) {
    // timestamps=whole: classify to stream in one compute pass, timed as Pass::Compaction (the
    // mesh stages keep their own passes).
    const bool whole = s.timestamps == Timestamps::Whole;
    int open = -1;  // the pass being recorded
    auto pass = [&](Pass p, auto&& work) {
        const bool compaction = p != Pass::Source && int(p) <= int(Pass::Traverse);
        const int want = whole && compaction ? int(Pass::Compaction) : int(p);
        if (open != want) {
            if (open >= 0) hpgpu_pass_end();
            hpgpu_pass_begin(timestamps_ ? want : -1);
            open = want;
        }
        work();
    };
    const int tiles = (layout_.atlas + 15) / 16;
    pass(Pass::Source, [&] {
        if (s.source != Source::Png)
            hpgpu_dispatch(source_pipelines_[int(s.source)].id(), source_groups_[int(s.source)].id(), tiles, tiles);
    });
    pass(Pass::Classify, [&] {
        if (mode_ == Pyramid::WebgpuScan)
            hpgpu_dispatch(scan_classify_pipeline_.id(), scan_classify_group_.id(),
                           int(layout_.texel_count() / ScanPlan::kBlock), 1);
        else
            hpgpu_dispatch(classify_pipeline_.id(), classify_group_.id(), tiles, tiles);
    });
    pass(Pass::Reduce, [&] {
        if (mode_ == Pyramid::WebgpuScan) {
            scan_.record();
            return;
        }
        for (std::size_t i = 0; i < pyramid_plan_.dispatches.size(); ++i)
            hpgpu_dispatch(reduce_pipeline_.id(), reduce_groups_[i].id(), int(pyramid_plan_.dispatches[i].workgroups), 1);
    });
    pass(Pass::Count, [&] { hpgpu_dispatch(count_pipeline_.id(), count_group_.id(), 1, 1); });
    pass(Pass::Traverse, [&] {
        // Counter: traverse_args at byte 16, tail_args at byte 32 (compaction_counter.wgsl).
        if (mode_ == Pyramid::WebgpuScan) {
            int x = 0, y = 0;
            grid(std::uint64_t(layout_.texel_count()), &x, &y);
            hpgpu_dispatch(scatter_pipeline_.id(), scatter_group_.id(), x, y);
        } else {
            hpgpu_dispatch_indirect(traverse_pipeline_.id(), traverse_group_.id(), counter_.id(), 16);
        }
        hpgpu_dispatch_indirect(tail_pipeline_.id(), tail_group_.id(), counter_.id(), 32);
    });
    if (s.mesh && mesh_.ready()) {
        pass(Pass::MeshCount, [&] { mesh_.record_count(); });
        pass(Pass::MeshReduce, [&] { mesh_.record_scan(); });
        pass(Pass::MeshExtract, [&] { mesh_.record_extract(); });
    }
    hpgpu_pass_end();
}

FrameResult WebGpuCompaction::run(const FrameSettings& s) {
    ++frames_issued_;
    if (s.mesh && !mesh_.ready()) {
        std::string error;
        mesh_.init(layout_, volume_uniform_.id(), atlas_.id(), counter_.id(), &error);
    }
    const bool mesh = s.mesh && mesh_.ready();
    if (mesh && !last_mesh_) mesh_since_ = frames_issued_;
    last_mesh_ = mesh;
    write_volume(s);
    hpgpu_begin();
    record_frame(s);
    if (timestamps_) {
        hpgpu_resolve_timestamps(2 * kTimedPasses, timestamp_buffer_.id());
        timestamp_reads_.push_back({Ticket(hpgpu_read(timestamp_buffer_.id(), 0, 16 * kTimedPasses)), frames_issued_, false});
    }
    // The count, and the vertex total after it (ComputeMesh::kVerticesAt).
    Ticket count_ticket(hpgpu_read(counter_.id(), 0, ComputeMesh::kVerticesAt + 4));
    if (display_rows_ > 0 && !display_stream_) {
        const int s_ = layout_.atlas;
        if (display_volume_) display_atlas_ = Ticket(hpgpu_read(atlas_.id(), 0, 4 * s_ * layout_.volume_rows()));
        if (display_volume_ && mode_ == Pyramid::WebgpuPyramid)
            display_levels_ = Ticket(hpgpu_read(levels_.id(), 0, int(4 * pyramid_plan_.words)));
        display_stream_ = Ticket(hpgpu_read(stream_.id(), 0, 16 * s_ * display_rows_));
        display_rows_issued_ = display_rows_;
    }
    hpgpu_submit();

    FrameResult r;
    if (s.readback == Readback::Sync) {
        sync_ticket_ = std::move(count_ticket);
        sync_done_ = false;
        sync_mesh_ = mesh;
        return r;  // completed by take_sync_result()
    }
    count_reads_.push_back({std::move(count_ticket), frames_issued_, mesh});
    // The surface's total as the count's: the newest arrived (in expected mode too: the mesh
    // is sized by the GPU, not by the expected count). `mesh` once a total of it is known.
    const bool known = newest_vertices_frame_ >= mesh_since_ && newest_vertices_frame_ > 0;
    r.mesh = mesh && known;
    r.extracted = r.mesh;  // compute always extracts
    r.vertices = r.mesh ? newest_vertices_ : 0;
    r.vertex_keys_drawn = std::min(r.vertices, mesh_capacity());
    if (s.readback == Readback::Expected) {
        r.count = s.expected;
        r.keys_drawn = s.expected;
    } else {
        r.count = newest_count_;
        r.count_age = have_count_ ? std::uint32_t(frames_issued_ - newest_count_frame_) : 0;
        r.keys_drawn = newest_count_;
    }
    return r;
}

void WebGpuCompaction::poll(PassTimes* timer) {
    if (sync_ticket_ && sync_ticket_.state() != 0) {
        const bool arrived = sync_ticket_.state() == 1;
        std::uint32_t c[ComputeMesh::kVerticesAt / 4 + 1] = {};
        sync_ticket_.take(c, sizeof c);
        const std::uint32_t vertices = c[ComputeMesh::kVerticesAt / 4];
        sync_result_ = FrameResult{};
        sync_result_.count = c[0];
        sync_result_.count_read = arrived;
        sync_result_.keys_drawn = c[1];
        sync_result_.mesh = sync_mesh_;
        if (sync_mesh_) {
            sync_result_.vertices = vertices;
            sync_result_.vertices_read = arrived;
            sync_result_.vertex_keys_drawn = std::min(vertices, mesh_capacity());
        }
        if (arrived) {
            newest_count_ = c[0];
            newest_count_frame_ = frames_issued_;
            have_count_ = true;
            if (sync_mesh_) newest_vertices_ = vertices, newest_vertices_frame_ = frames_issued_;
        }
        sync_done_ = true;
    }
    // The newest count that has arrived; the reads before it are done with (the queue runs in
    // order), and a failed read ends like an arrived one so that frames go on.
    for (std::size_t i = count_reads_.size(); i-- > 0;) {
        const int state = count_reads_[i].ticket.state();
        if (state == 0) continue;
        std::uint32_t c[ComputeMesh::kVerticesAt / 4 + 1] = {};
        count_reads_[i].ticket.take(c, sizeof c);
        if (state == 1) {
            newest_count_ = c[0];
            newest_count_frame_ = count_reads_[i].frame;
            have_count_ = true;
            if (count_reads_[i].mesh) {
                newest_vertices_ = c[ComputeMesh::kVerticesAt / 4];
                newest_vertices_frame_ = count_reads_[i].frame;
            }
        }
        count_reads_.erase(count_reads_.begin(), count_reads_.begin() + std::ptrdiff_t(i) + 1);
        break;
    }
    while (!timestamp_reads_.empty() && timestamp_reads_.front().ticket.state() != 0) {
        std::uint64_t t[2 * kTimedPasses] = {};
        const int got = timestamp_reads_.front().ticket.take(t, sizeof t);
        timestamp_reads_.pop_front();
        if (got != int(sizeof t) || !timer) continue;
        for (int p = 0; p < kTimedPasses; ++p)
            if (t[2 * p + 1] >= t[2 * p] && t[2 * p] != 0) timer->add(p, double(t[2 * p + 1] - t[2 * p]) / 1e6);
    }
    while (timestamp_reads_.size() > kMaxTimestampReads) timestamp_reads_.pop_front();
}

bool WebGpuCompaction::take_sync_result(FrameResult* r) {
    if (!sync_done_) return false;
    *r = sync_result_;
    sync_done_ = false;
    return true;
}

bool WebGpuCompaction::take_display(ComputeDisplay* out, int stream_rows, bool volume) {
    display_rows_ = std::max(0, std::min(stream_rows, layout_.atlas));
    display_volume_ = volume;
    if (!display_stream_) return false;
    bool failed = false;
    for (const Ticket* t : {&display_atlas_, &display_levels_, &display_stream_}) {
        if (!*t) continue;
        const int state = t->state();
        if (state == 0) return false;
        failed = failed || state < 0;
    }
    const int s = layout_.atlas;
    out->atlas.assign(display_atlas_ && !failed ? std::size_t(s) * layout_.volume_rows() : 0, 0.0f);
    out->levels.assign(display_levels_ && !failed ? pyramid_plan_.words : 0, 0u);
    out->stream_rows = failed ? 0 : display_rows_issued_;
    out->stream.assign(std::size_t(s) * std::size_t(out->stream_rows) * 4, 0.0f);
    display_atlas_.take(out->atlas.data(), int(out->atlas.size() * 4));
    display_levels_.take(out->levels.data(), int(out->levels.size() * 4));
    display_stream_.take(out->stream.data(), int(out->stream.size() * 4));
    return !failed;
}

}  // namespace hp

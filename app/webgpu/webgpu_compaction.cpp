#include "webgpu_compaction.h"

#include <algorithm>
#include <cstring>

#include "pass_times.h"
#include "source_params.h"
#include "webgpu_uniforms.h"

namespace hp {

using namespace wgpu;

namespace {

constexpr int kTimedPasses = kPassCount;  // query pairs, indexed by Pass
constexpr std::size_t kMaxTimestampReads = 16;
// fallback=1: predecessors each single-pass workgroup reduces itself without looking at their
// posts (enough that tiles 0..16 find their whole prefix that way, in a 512² atlas's 64).
constexpr std::uint32_t kForcedFallbacks = 16;

const BindingSpec kVolume = {"u", kUniformBinding, sizeof(VolumeUniform)};

// source: a procedural source into the atlas (a PNG atlas is uploaded instead: nothing runs).
class SourceStage : public Stage {
public:
    SourceStage(int volume, int atlas, int tiles) : tiles_(tiles) {
        const char* sources[3] = {"source_metaballs.wgsl", "source_sphere.wgsl", "source_noise.wgsl"};
        for (int i = 0; i < 3; ++i) {
            kernels_[i].pipeline = pipeline({"volume.wgsl", sources[i], "volume_source.wgsl"}, {kVolume, {"atlas", kWrite}});
            kernels_[i].group = group(kernels_[i].pipeline, {{"u", volume}, {"atlas", atlas}});
        }
    }
    Pass pass() const override { return Pass::Source; }
    void record(const FrameSettings& s) const override {
        if (s.source != Source::Png) kernels_[int(s.source)].dispatch(tiles_, tiles_);
    }

private:
    Kernel kernels_[3];
    int tiles_;
};

// reduce (webgpu-pyramid): the levels, up to five a dispatch (PyramidPlan).
class PyramidReduceStage : public Stage {
public:
    PyramidReduceStage(const PyramidPlan& plan, int base, int levels) {
        pipeline_ = pipeline({"pyramid_reduce.wgsl"},
                             {{"r", kUniformBinding, sizeof(ReduceUniform)}, {"base", kRead}, {"levels", kWrite}});
        for (const PyramidPlan::Dispatch& d : plan.dispatches) {
            ReduceUniform u{d.n_out, d.levels, d.from_base, d.src, {}};
            std::copy(d.dst.begin(), d.dst.end(), u.dst);
            uniforms_.push_back(buffer(sizeof u, kUniform | kCopyDst, "reduce"));
            hpgpu_write(uniforms_.back().id(), 0, &u, sizeof u);
            groups_.push_back(group(pipeline_, {{"r", uniforms_.back().id()}, {"base", base}, {"levels", levels}}));
            workgroups_.push_back(int(d.workgroups));
        }
    }
    Pass pass() const override { return Pass::Reduce; }
    void record(const FrameSettings&) const override {
        for (std::size_t i = 0; i < groups_.size(); ++i) hpgpu_dispatch(pipeline_.id(), groups_[i].id(), workgroups_[i], 1);
    }

private:
    Pipeline pipeline_;
    std::vector<Object> uniforms_, groups_;
    std::vector<int> workgroups_;
};

// reduce (webgpu-scan, blocks): the block counts scanned by BlockScan, which the stage owns.
class BlockScanStage : public Stage {
public:
    BlockScanStage(std::uint32_t blocks, std::string* error) {
        block_counts_ = buffer(4.0 * blocks, kStorage | kCopySrc, "block counts");
        scan_.init(blocks, block_counts_.id(), error);
    }
    Pass pass() const override { return Pass::Reduce; }
    void record(const FrameSettings&) const override { scan_.record(); }
    int block_counts() const { return block_counts_.id(); }
    int total_buffer() const { return scan_.total_buffer(); }

private:
    Object block_counts_;
    BlockScan scan_;
};

// A step of a tile scan (tile_scan.h): rts's reduce, spine or downsweep, or the single pass.
class TileScanStage : public Stage {
public:
    using Step = void (TileScan::*)() const;
    TileScanStage(Pass pass, std::shared_ptr<const TileScan> scan, Step step)
        : pass_(pass), scan_(std::move(scan)), step_(step) {}
    Pass pass() const override { return pass_; }
    void record(const FrameSettings&) const override { ((*scan_).*step_)(); }

private:
    Pass pass_;
    std::shared_ptr<const TileScan> scan_;  // shared by its steps
    Step step_;
};

Kernel kernel(const std::vector<const char*>& chunks, std::vector<BindingSpec> bindings, const std::vector<Bind>& binds) {
    Kernel k;
    k.pipeline = pipeline(chunks, std::move(bindings));
    k.group = group(k.pipeline, binds);
    return k;
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
    std::string message;
    if (take_failure(&message)) return message;
    char text[1024];
    return hpgpu_take_error(text, sizeof text) ? std::string(text) : std::string();
}

bool WebGpuCompaction::init(const AtlasLayout& layout, Pyramid mode, std::string* error) {
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
    counter_ = buffer(kCounterBytes, kStorage | kIndirect | kCopySrc, "counter");
    stream_ = buffer(stream_bytes, kStorage | kCopySrc, "stream");
    const int tiles = (layout_.atlas + 15) / 16;
    stages_.push_back(std::make_unique<SourceStage>(volume_uniform_.id(), atlas_.id(), tiles));
    if (!build_stages(ScanKind::Blocks, error)) return false;
    if (timestamps_) {
        hpgpu_timestamps(2 * kTimedPasses);
        timestamp_buffer_ = buffer(16.0 * kTimedPasses, kQueryResolve | kCopySrc, "timestamps");
    }
    return true;
}

bool WebGpuCompaction::build_stages(ScanKind scan, std::string* error) {
    stages_.resize(1);  // the source stays
    base_.reset();
    levels_.reset();
    scan_ = scan;
    std::string why;
    if (mode_ == Pyramid::WebgpuPyramid) build_pyramid_stages();
    else if (scan == ScanKind::Blocks) build_block_scan_stages();
    else build_tile_scan_stages(scan, &why);
    // The keys a previous frame wrote past this frame's end: counter.tail_args (byte 32).
    stages_.push_back(std::make_unique<IndirectStage>(
        Pass::Traverse,
        kernel({"volume.wgsl", "compaction_counter.wgsl", "stream_tail.wgsl"}, {kVolume, {"counter", kRead}, {"stream", kWrite}},
               {{"u", volume_uniform_.id()}, {"counter", counter_.id()}, {"stream", stream_.id()}}),
        counter_.id(), 32));
    if (why.empty()) take_failure(&why);
    if (why.empty()) return true;
    *error = why;
    stages_.resize(1);  // nothing half made runs
    return false;
}

// Classify fused with the base's block scan; the block counts are scanned by BlockScan into
// each block's offset, which the scatter adds.
void WebGpuCompaction::build_block_scan_stages() {
    const std::uint32_t blocks = std::uint32_t(layout_.texel_count() / ScanPlan::kBlock);
    base_ = buffer(4.0 * double(layout_.texel_count()), kStorage | kCopySrc, "prefix in block (Morton order)");
    std::string error;
    auto scan = std::make_unique<BlockScanStage>(blocks, &error);
    if (!error.empty()) fail(error);
    const int counts = scan->block_counts(), totals = scan->total_buffer();
    const int u = volume_uniform_.id(), atlas = atlas_.id(), counter = counter_.id();
    stages_.push_back(std::make_unique<DispatchStage>(
        Pass::Classify,
        kernel({"volume.wgsl", "cells.wgsl", "scan_workgroup.wgsl", "scan_classify.wgsl"},
               {kVolume, {"prefix", kWrite}, {"sums", kWrite}, {"atlas", kRead}},
               {{"u", u}, {"prefix", base_.id()}, {"sums", counts}, {"atlas", atlas}}),
        int(blocks)));
    stages_.push_back(std::move(scan));
    stages_.push_back(std::make_unique<DispatchStage>(Pass::Count, count_kernel(totals, 0), 1));
    int x = 0, y = 0;
    grid(std::uint64_t(layout_.texel_count()), &x, &y);
    stages_.push_back(std::make_unique<DispatchStage>(
        Pass::Traverse,
        kernel({"volume.wgsl", "cells.wgsl", "compaction_counter.wgsl", "scan_scatter.wgsl"},
               {kVolume, {"atlas", kRead}, {"prefix", kRead}, {"counter", kRead}, {"stream", kWrite}, {"offsets", kRead}},
               {{"u", u}, {"atlas", atlas}, {"prefix", base_.id()}, {"counter", counter}, {"stream", stream_.id()},
                {"offsets", counts}}),
        x, y));
}

// Reduce-then-scan (classify in the reduce, the counter from the spine, the scatter in the
// downsweep) or the single pass, over the atlas's texels in Morton order.
void WebGpuCompaction::build_tile_scan_stages(ScanKind scan, std::string* error) {
    auto tiles = std::make_shared<TileScan>();
    const ScanIo io{{"volume.wgsl", "cells.wgsl", "compaction_counter.wgsl", "count_finish.wgsl", "scan_io_stream.wgsl"},
                    {kVolume, {"atlas", kRead}, {"counter", kWrite}, {"stream", kWrite}},
                    {{"u", volume_uniform_.id()}, {"atlas", atlas_.id()}, {"counter", counter_.id()},
                     {"stream", stream_.id()}}};
    if (!tiles->init(scan, std::uint32_t(layout_.texel_count()), io, error)) return;
    if (scan == ScanKind::Single) {
        stages_.push_back(std::make_unique<TileScanStage>(Pass::Reduce, tiles, &TileScan::record_single));
        return;
    }
    stages_.push_back(std::make_unique<TileScanStage>(Pass::Classify, tiles, &TileScan::record_reduce));
    stages_.push_back(std::make_unique<TileScanStage>(Pass::Reduce, tiles, &TileScan::record_spine));
    stages_.push_back(std::make_unique<TileScanStage>(Pass::Traverse, tiles, &TileScan::record_downsweep));
}

void WebGpuCompaction::build_pyramid_stages() {
    pyramid_plan_ = plan_pyramid(layout_.atlas);
    const PyramidPlan& p = pyramid_plan_;
    base_ = buffer(4.0 * double(layout_.texel_count()), kStorage | kCopySrc, "base (Morton order)");
    levels_ = buffer(4.0 * p.words, kStorage | kCopySrc, "pyramid levels");
    const int u = volume_uniform_.id(), atlas = atlas_.id();
    const int tiles = (layout_.atlas + 15) / 16;
    stages_.push_back(std::make_unique<DispatchStage>(
        Pass::Classify,
        kernel({"volume.wgsl", "cells.wgsl", "classify.wgsl"}, {kVolume, {"atlas", kRead}, {"base", kWrite}},
               {{"u", u}, {"atlas", atlas}, {"base", base_.id()}}),
        tiles, tiles));
    stages_.push_back(std::make_unique<PyramidReduceStage>(p, base_.id(), levels_.id()));
    stages_.push_back(std::make_unique<DispatchStage>(Pass::Count, count_kernel(levels_.id(), p.offsets[std::size_t(p.top)]), 1));
    TraverseUniform t{std::uint32_t(p.top), {}, {}};
    for (int k = 1; k <= p.top; ++k) t.offsets[k] = p.offsets[std::size_t(k)] / 4;
    traverse_uniform_ = buffer(sizeof t, kUniform | kCopyDst, "traverse");
    hpgpu_write(traverse_uniform_.id(), 0, &t, sizeof t);
    // counter.traverse_args at byte 16 (compaction_counter.wgsl).
    stages_.push_back(std::make_unique<IndirectStage>(
        Pass::Traverse,
        kernel({"volume.wgsl", "cells.wgsl", "compaction_counter.wgsl", "pyramid_traverse.wgsl"},
               {kVolume, {"atlas", kRead}, {"base", kRead}, {"levels", kRead}, {"counter", kRead}, {"stream", kWrite},
                {"pyramid", kUniformBinding, sizeof(TraverseUniform)}},
               {{"u", u}, {"atlas", atlas}, {"base", base_.id()}, {"levels", levels_.id()}, {"counter", counter_.id()},
                {"stream", stream_.id()}, {"pyramid", traverse_uniform_.id()}}),
        counter_.id(), 16));
}

// count (blocks, pyramid): one invocation reads the total at totals[index] into the counter.
Kernel WebGpuCompaction::count_kernel(int totals, std::uint32_t index) {
    const TotalAtUniform at{index, {}};
    total_at_ = buffer(sizeof at, kUniform | kCopyDst, "total index");
    hpgpu_write(total_at_.id(), 0, &at, sizeof at);
    return kernel({"volume.wgsl", "compaction_counter.wgsl", "count_finish.wgsl", "count.wgsl"},
                  {kVolume, {"totals", kRead}, {"counter", kWrite}, {"total_at", kUniformBinding, sizeof(TotalAtUniform)}},
                  {{"u", volume_uniform_.id()}, {"totals", totals}, {"counter", counter_.id()}, {"total_at", total_at_.id()}});
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
    u.fallback = s.fallback ? kForcedFallbacks : 0;
    const SourceParams p = source_params(s.source, s.time);
    std::memcpy(u.params, p.values.data(), sizeof u.params);
    hpgpu_write(volume_uniform_.id(), 0, &u, sizeof u);
}

// The stages in order, each in the compute pass of its Pass (consecutive stages of one pass
// share it). timestamps=whole: classify to stream in one compute pass, timed as
// Pass::Compaction (the mesh stages keep their own passes).
std::uint32_t WebGpuCompaction::record_frame(const FrameSettings& s) {
    const bool whole = s.timestamps == Timestamps::Whole;
    int open = -1;  // the pass being recorded
    std::uint32_t timed = 0;
    auto record = [&](const Stages& stages) {
        for (const auto& stage : stages) {
            const Pass p = stage->pass();
            const bool compaction = p != Pass::Source && int(p) <= int(Pass::Traverse);
            const int want = whole && compaction ? int(Pass::Compaction) : int(p);
            if (open != want) {
                if (open >= 0) hpgpu_pass_end();
                hpgpu_pass_begin(timestamps_ ? want : -1);
                open = want;
                timed |= 1u << want;
            }
            stage->record(s);
        }
    };
    record(stages_);
    if (s.mesh && mesh_.ready()) record(mesh_.stages());
    if (open >= 0) hpgpu_pass_end();
    return timed;
}

FrameResult WebGpuCompaction::run(const FrameSettings& s) {
    ++frames_issued_;
    std::string error;
    // webgpu-scan's scan is a frame setting: a new one re-makes the stages after the source
    // (as a mode change would), and the surface's scan follows it.
    if (mode_ == Pyramid::WebgpuScan && s.scan != scan_ && !build_stages(s.scan, &error))
        fail("scan=" + std::string(name_of(s.scan)) + ": " + error);
    if (s.mesh && (!mesh_.ready() || mesh_.scan() != s.scan) && mesh_failed_ != int(s.scan)) {
        mesh_failed_ = -1;
        if (!mesh_.init(layout_, s.scan, volume_uniform_.id(), atlas_.id(), counter_.id(), &error)) {
            fail("the surface's stages: " + error);
            mesh_failed_ = int(s.scan);  // said once, not tried again every frame
        }
    }
    const bool mesh = s.mesh && mesh_.ready();
    if (mesh && !last_mesh_) mesh_since_ = frames_issued_;
    last_mesh_ = mesh;
    write_volume(s);
    hpgpu_begin();
    const std::uint32_t timed = record_frame(s);
    if (timestamps_) {
        hpgpu_resolve_timestamps(2 * kTimedPasses, timestamp_buffer_.id());
        timestamp_reads_.push_back(
            {Ticket(hpgpu_read(timestamp_buffer_.id(), 0, 16 * kTimedPasses)), frames_issued_, false, timed});
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
        if (!arrived) fail("WebGPU: the count's read-back failed; the last count read stays shown");
        sync_result_ = FrameResult{};
        sync_result_.count = arrived ? c[0] : newest_count_;
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
        const std::uint32_t timed = timestamp_reads_.front().timed;
        timestamp_reads_.pop_front();
        if (got != int(sizeof t) || !timer) continue;
        for (int p = 0; p < kTimedPasses; ++p)
            if ((timed >> p & 1u) && t[2 * p + 1] >= t[2 * p] && t[2 * p] != 0) timer->add(p, double(t[2 * p + 1] - t[2 * p]) / 1e6);
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

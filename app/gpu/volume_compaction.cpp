#include "volume_compaction.h"

#include <algorithm>

#include "baseline_pyramid.h"
#include "histopyramid.h"

namespace hp {

bool VolumeCompaction::init(const AtlasLayout& layout, const CompactionMode& mode, std::string* error) {
    if (is_webgpu(mode.pyramid)) {
        *error = std::string("pyramid=") + name_of(mode.pyramid) + " runs in WebGPU, not in the WebGL2 pipeline";
        return false;
    }
    if (!volume_.init(layout, error)) return false;
    mode_ = mode;
    recent_counts_.fill(0);
    const std::vector<const char*> emit = {"volume.glsl", "emit_voxel.glsl"};
    if (mode.pyramid == Pyramid::Baseline) {
        auto b = std::make_unique<BaselinePyramid>();
        if (!b->init(layout.atlas, emit, error)) return false;
        compactor_ = std::move(b);
        return true;
    }
    HistoPyramidDesc desc;
    desc.size = layout.atlas;
    desc.layout = mode.pyramid == Pyramid::Vec4 ? PyramidLayout::Vec4 : PyramidLayout::Scalar;
    desc.format = mode.format == Format::Uint ? SumFormat::Uint : SumFormat::Float;
    desc.emit = emit;
    auto h = std::make_unique<HistoPyramid>();
    if (!h->init(desc, error)) return false;
    compactor_ = std::move(h);
    return true;
}

void VolumeCompaction::abandon() {
    volume_.abandon();
    if (compactor_) compactor_->abandon();
}

// Async: the traversal is drawn for the newest count known plus headroom for growth since,
// and the shader's own test against the GPU's total keeps every written key exact. Until a
// count has arrived it draws every row.
std::uint32_t VolumeCompaction::async_limit(std::uint32_t newest) {
    recent_counts_[recent_next_++ % recent_counts_.size()] = newest;
    const std::uint32_t most = *std::max_element(recent_counts_.begin(), recent_counts_.end());
    const std::uint64_t size = std::uint64_t(compactor_->size());
    return std::uint32_t(std::min<std::uint64_t>(size * size, most + most / 4 + size));
}

FrameResult VolumeCompaction::run(const FrameSettings& s, GpuTimer* timer) {
    auto timed = [&](Pass p, auto&& work) {
        if (timer) timer->begin(int(p));
        work();
        if (timer) timer->end(int(p));
    };
    FrameResult r;
    const bool async = s.readback == Readback::Async && compactor_->async_count_supported();
    // Async: collect a count that has arrived before this frame's work is issued. In a browser
    // the read is a round trip to the GPU process, answered only once that process has issued
    // everything sent before it: asked here, that is the previous frame's work, done long ago;
    // asked after the reduction, it would wait for this frame's passes.
    std::uint32_t known = 0, age = 0;
    const bool have_known = async && compactor_->newest_count(&known, &age);
    timed(Pass::Source, [&] { volume_.evaluate(s.source, s.time); });
    timed(Pass::Classify, [&] { volume_.classify(s.classify, s.iso); });
    timed(Pass::Reduce, [&] { compactor_->reduce(volume_.base()); });
    timed(Pass::Count, [&] {
        if (async) {
            compactor_->request_count();
            const std::uint64_t all = std::uint64_t(compactor_->size()) * std::uint64_t(compactor_->size());
            r.count = known;
            r.count_age = age;
            r.keys_drawn = have_known ? async_limit(known) : std::uint32_t(std::min<std::uint64_t>(UINT32_MAX, all));
        } else if (s.readback == Readback::Expected) {
            r.count = s.expected;
            r.keys_drawn = s.expected;
        } else {  // sync, or async where the compactor has no non-blocking count (the baseline)
            r.count = compactor_->read_count();
            r.count_read = true;
            r.keys_drawn = r.count;
        }
    });
    volume_.bind_volume(compactor_->traversal_program(), s.classify, s.iso);
    timed(Pass::Traverse, [&] { compactor_->traverse(volume_.base(), r.keys_drawn); });
    return r;
}

}  // namespace hp

#include "volume_compaction.h"

#include "baseline_pyramid.h"
#include "histopyramid.h"

namespace hp {

namespace {

// The sums of the mode's pyramids (the baseline's are float).
SumFormat sums_of(const CompactionMode& mode) {
    return mode.sums == Format::Uint && mode.pyramid != Pyramid::Baseline ? SumFormat::Uint : SumFormat::Float;
}

// The cell compaction for `mode`; its traversal emits the voxel (emit_voxel.glsl).
std::unique_ptr<Compactor> make_compactor(const AtlasLayout& layout, const CompactionMode& mode, std::string* error) {
    const std::vector<const char*> emit = {"volume.glsl", "emit_voxel.glsl"};
    if (mode.pyramid == Pyramid::Baseline) {
        auto b = std::make_unique<BaselinePyramid>();
        if (!b->init(layout.atlas, emit, error)) return nullptr;
        return b;
    }
    HistoPyramidDesc desc;
    desc.size = layout.atlas;
    desc.layout = mode.pyramid == Pyramid::Vec4 ? PyramidLayout::Vec4 : PyramidLayout::Scalar;
    desc.format = sums_of(mode);
    desc.emit = emit;
    auto h = std::make_unique<HistoPyramid>();
    if (!h->init(desc, error)) return nullptr;
    return h;
}

}  // namespace

bool VolumeCompaction::init(const AtlasLayout& layout, const CompactionMode& mode, std::string* error) {
    if (is_webgpu(mode.pyramid)) {
        *error = std::string("pyramid=") + name_of(mode.pyramid) + " runs in WebGPU, not in the WebGL2 pipeline";
        return false;
    }
    frame_ = std::make_unique<GlFrame>();
    GlFrame& f = *frame_;
    if (!f.volume.init(layout, error) || !f.mesh.init(layout, sums_of(mode), error)) return false;
    f.compactor = make_compactor(layout, mode, error);
    if (!f.compactor) return false;
    for (const auto& stage : stages_)
        if (!stage->init(f, error)) return false;
    return true;
}

void VolumeCompaction::abandon() {
    frame_->volume.abandon();
    frame_->mesh.abandon();
    if (frame_->compactor) frame_->compactor->abandon();
    for (const auto& stage : stages_) stage->abandon();
}

FrameResult VolumeCompaction::run(const FrameSettings& s, GpuTimer* timer) {
    FrameResult r;
    // The frame's `Volume` block, once, for every program that reads the volume.
    frame_->volume.use(s);
    for (const auto& stage : stages_)
        if (stage->wanted(s)) stage->begin(*frame_, s);
    for (const auto& stage : stages_) {
        if (!stage->wanted(s)) continue;
        if (timer) timer->begin(int(stage->pass()));
        stage->run(*frame_, s, &r);
        if (timer) timer->end(int(stage->pass()));
    }
    // One flush a frame, after its passes: the async reads' fences (count_readback.cpp) signal
    // without waiting for a later command to push them to the GPU.
    glFlush();
    return r;
}

}  // namespace hp

#include "volume_compaction.h"

#include <algorithm>
#include <cstdint>

#include "baseline_pyramid.h"
#include "histopyramid.h"

namespace hp {

bool VolumeCompaction::init(const AtlasLayout& layout, const CompactionMode& mode, std::string* error) {
    if (is_webgpu(mode.pyramid)) {
        *error = std::string("pyramid=") + name_of(mode.pyramid) + " runs in WebGPU, not in the WebGL2 pipeline";
        return false;
    }
    if (!volume_.init(layout, error) || !mesh_.init(layout, error)) return false;
    mode_ = mode;
    cell_limit_.reset();
    vertex_limit_.reset();
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
    mesh_.abandon();
    if (compactor_) compactor_->abandon();
}

namespace {
template <typename Work>
void timed(GpuTimer* timer, Pass p, Work&& work) {
    if (timer) timer->begin(int(p));
    work();
    if (timer) timer->end(int(p));
}
}  // namespace

FrameResult VolumeCompaction::run(const FrameSettings& s, GpuTimer* timer) {
    FrameResult r;
    const bool async = s.readback == Readback::Async && compactor_->async_count_supported();
    // Async: collect a count that has arrived before this frame's work is issued. In a browser
    // the read is a round trip to the GPU process, answered only once that process has issued
    // everything sent before it: asked here, that is the previous frame's work, done long ago;
    // asked after the reduction, it would wait for this frame's passes.
    std::uint32_t known = 0, age = 0;
    const bool have_known = async && compactor_->newest_count(&known, &age);
    timed(timer, Pass::Source, [&] { volume_.evaluate(s.source, s.time); });
    timed(timer, Pass::Classify, [&] { volume_.classify(s.classify, s.iso); });
    timed(timer, Pass::Reduce, [&] { compactor_->reduce(volume_.base()); });
    timed(timer, Pass::Count, [&] {
        if (async) {
            compactor_->request_count();
            const std::uint64_t all = std::uint64_t(compactor_->size()) * std::uint64_t(compactor_->size());
            r.count = known;
            r.count_age = age;
            r.keys_drawn = cell_limit_.limit(have_known, known, all);
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
    timed(timer, Pass::Traverse, [&] { compactor_->traverse(volume_.base(), r.keys_drawn); });
    if (s.mesh) run_mesh(s, &r, timer);
    return r;
}

// The surface: the vertex total is read the way the cell count was (the baseline's forced
// sync aside: its pyramid has no non-blocking read, the mesh's has).
void VolumeCompaction::run_mesh(const FrameSettings& s, FrameResult* r, GpuTimer* timer) {
    r->mesh = true;
    std::uint32_t known = 0, age = 0;
    const bool async = s.readback == Readback::Async;
    const bool have_known = async && mesh_.newest_total(&known, &age);
    timed(timer, Pass::MeshCount, [&] { mesh_.count(volume_, s.iso); });
    timed(timer, Pass::MeshReduce, [&] {
        mesh_.reduce();
        if (async) {
            mesh_.request_total();
            r->vertices = known;
            r->vertex_keys_drawn = vertex_limit_.limit(have_known, known, mesh_.capacity());
        } else if (s.readback == Readback::Expected) {
            // No count is read: the expected cells have at most 15 vertices each.
            r->vertex_keys_drawn = std::uint32_t(std::min<std::uint64_t>(mesh_.capacity(), 15ull * s.expected));
        } else {
            r->vertices = mesh_.read_total();
            r->vertices_read = true;
            r->vertex_keys_drawn = r->vertices;
        }
    });
    r->extracted = s.extract;
    if (s.extract) timed(timer, Pass::MeshExtract, [&] { mesh_.extract(volume_, s.iso, r->vertex_keys_drawn); });
}

}  // namespace hp

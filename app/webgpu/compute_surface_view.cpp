#include "compute_surface_view.h"

#include <cmath>
#include <algorithm>
#include <cstring>

#include "compaction_counter.h"
#include "kernel.h"

namespace hp::wgpu {
namespace {

// shaders/surface.wgsl's Surface.
struct SurfaceUniform {
    float view_proj[16];
    float eye[3];
    std::uint32_t color;
    float depth_range[2];
    std::uint32_t label_count;
    float pad;
    float scale[3];
    float pad2;
};
static_assert(sizeof(SurfaceUniform) == 112, "matches surface.wgsl");

bool same(const SurfaceBuffers& a, const SurfaceBuffers& b) {
    return a.positions == b.positions && a.normals == b.normals && a.counter == b.counter;
}

}  // namespace

// A render pipeline, whose layout is fixed by hpgpu_surface_pipeline (binding 0 the uniform,
// 1-3 read-only storage, bound in that order below): surface.wgsl must declare just that.
bool ComputeSurfaceView::make_pipeline(std::string* error) {
    WgslModule module;
    std::string why;
    failed_ = !wgsl_of("surface.wgsl", {}, &module, &why) ||
              !check_wgsl_bindings("surface.wgsl", module.code,
                                   {{"s", BindingKind::Uniform}, {"positions", BindingKind::ReadOnly},
                                    {"normals", BindingKind::ReadOnly}, {"counter", BindingKind::ReadOnly},
                                    {"labels", BindingKind::ReadOnly}},
                                   &why);
    if (failed_) *error = "WebGPU pipeline surface.wgsl: " + why;
    else pipeline_ = RenderPipeline::adopt(hpgpu_surface_pipeline(module.code.c_str(), "surface.wgsl"));
    uniform_ = buffer(sizeof(SurfaceUniform), kUniform | kCopyDst, "surface");
    label_buffer_ = buffer(16, kStorage | kCopyDst, "surface labels");  // none yet: one texel
    label_capacity_ = 1;
    return !failed_;
}

bool ComputeSurfaceView::draw(CssRect r, int pw, int ph, const SurfaceBuffers& mesh, const SurfaceScene& scene,
                              std::string* error) {
    const OrbitCamera& camera = *scene.camera;
    const auto box = scene.box();
    if (pw <= 0 || ph <= 0) {
        hide();
        return true;
    }
    const bool made = pipeline_ || failed_ || make_pipeline(error);
    if (mesh.positions && pipeline_ && (!same(bound_, mesh) || labels_rebound_)) {
        // Empty if an id is stale (a buffer released): only the clear is drawn, and the
        // library's error is said by the backend's poll.
        group_ = bind_group(pipeline_, {uniform_, mesh.positions, mesh.normals, mesh.counter, label_buffer_});
        bound_ = mesh;
        labels_rebound_ = false;
    }
    SurfaceUniform u{};
    const auto m = camera.view_projection(box, float(pw) / float(ph));
    std::memcpy(u.view_proj, m.data(), sizeof u.view_proj);
    const auto eye = camera.eye(box);
    std::copy(eye.begin(), eye.end(), u.eye);
    std::copy(scene.scale.begin(), scene.scale.end(), u.scale);
    u.color = std::uint32_t(scene.color);
    u.label_count = std::uint32_t(label_count_);
    // As the WebGL2 view: depth coloring spans the volume's centre ± its half-diagonal.
    const float n = std::max({box[0], box[1], box[2]});
    const float centre = camera.distance * n, half = 0.87f * std::sqrt((box[0] * box[0] + box[1] * box[1] + box[2] * box[2]) / 3.0f);
    u.depth_range[0] = std::max(centre - half, 0.0f);
    u.depth_range[1] = centre + half;
    write(uniform_, 0, &u, sizeof u);
    const bool drawn = mesh.positions && group_;
    surface_draw(drawn ? &pipeline_ : nullptr, group_, mesh.counter, mesh.indices ? kIndexedArgsAt : kDrawArgsAt,
                 mesh.indices, r.x, r.y, r.w, r.h, pw, ph);
    shown_ = true;
    return made;
}

void ComputeSurfaceView::set_labels(const std::vector<LabelInfo>* labels, std::uint64_t revision) {
    if (!labels || !pipeline_) {
        label_count_ = 0;
        return;
    }
    if (revision == label_revision_ && label_count_ == int(labels->size())) return;
    label_revision_ = revision;
    label_count_ = int(labels->size());
    const std::vector<float> texels = label_color_texels(*labels, 1);
    if (label_capacity_ < labels->size()) {  // a larger buffer: the bind group is made again
        label_capacity_ = std::max<std::size_t>(labels->size(), 1);
        label_buffer_ = buffer(16.0 * double(label_capacity_), kStorage | kCopyDst, "surface labels");
        labels_rebound_ = true;
    }
    write(label_buffer_, 0, texels.data(), int(4 * texels.size()));
}

void ComputeSurfaceView::hide() {
    if (shown_) hpgpu_surface_hide();
    shown_ = false;
}

void ComputeSurfaceView::reset() {
    hide();
    group_.reset();
    bound_ = SurfaceBuffers();
    uniform_.reset();
    label_buffer_.reset();
    label_capacity_ = 0;
    label_count_ = 0;
    label_revision_ = 0;
    pipeline_.reset();
    failed_ = false;
}

}  // namespace hp::wgpu

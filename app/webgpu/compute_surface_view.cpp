#include "compute_surface_view.h"

#include <algorithm>
#include <cstring>

#include "kernel.h"

namespace hp::wgpu {
namespace {

// shaders/surface.wgsl's Surface.
struct SurfaceUniform {
    float view_proj[16];
    float eye[3];
    std::uint32_t colour;
    float depth_range[2];
    float pad[2];
};
static_assert(sizeof(SurfaceUniform) == 96, "matches surface.wgsl");

}  // namespace

void ComputeSurfaceView::draw(CssRect r, int pw, int ph, int positions, int normals, int counter, int args_offset,
                              int volume, const OrbitCamera& camera, SurfaceColour colour) {
    if (pw <= 0 || ph <= 0) return hide();
    if (!pipeline_ && !failed_) {
        // The layout is hpgpu_surface_pipeline's (binding 0 the uniform, 1-3 read-only storage).
        std::string code, error;
        failed_ = !wgsl_of({"compaction_counter.wgsl", "surface.wgsl"}, &code, &error) ||
                  !check_wgsl_bindings("surface.wgsl", code,
                                       {{"s", kUniformBinding, sizeof(SurfaceUniform)}, {"positions", kRead},
                                        {"normals", kRead}, {"counter", kRead}},
                                       &error);
        if (failed_) fail("WebGPU pipeline surface.wgsl: " + error);
        else pipeline_ = Object(hpgpu_surface_pipeline(code.c_str(), "surface.wgsl"));
        uniform_ = buffer(sizeof(SurfaceUniform), kUniform | kCopyDst, "surface");
    }
    if (positions && pipeline_ && (bound_[0] != positions || bound_[1] != normals || bound_[2] != counter)) {
        const int buffers[4] = {uniform_.id(), positions, normals, counter};
        group_ = Object(hpgpu_group(pipeline_.id(), buffers, 4));
        bound_[0] = positions, bound_[1] = normals, bound_[2] = counter;
    }
    SurfaceUniform u{};
    const auto m = camera.view_projection(volume, float(pw) / float(ph));
    std::memcpy(u.view_proj, m.data(), sizeof u.view_proj);
    const auto eye = camera.eye(volume);
    std::copy(eye.begin(), eye.end(), u.eye);
    u.colour = std::uint32_t(colour);
    // As the WebGL2 view: depth colouring spans the volume's centre ± its half-diagonal.
    const float centre = camera.distance * float(volume), half = 0.87f * float(volume);
    u.depth_range[0] = std::max(centre - half, 0.0f);
    u.depth_range[1] = centre + half;
    hpgpu_write(uniform_.id(), 0, &u, sizeof u);
    hpgpu_surface_draw(positions && group_ ? pipeline_.id() : 0, group_.id(), counter, args_offset, r.x, r.y, r.w, r.h, pw, ph);
    shown_ = true;
}

void ComputeSurfaceView::hide() {
    if (shown_) hpgpu_surface_hide();
    shown_ = false;
}

void ComputeSurfaceView::rebind() {
    group_.reset();
    bound_[0] = bound_[1] = bound_[2] = 0;
}

void ComputeSurfaceView::reset() {
    hide();
    rebind();
    uniform_.reset();
    pipeline_.reset();
    failed_ = false;
}

}  // namespace hp::wgpu

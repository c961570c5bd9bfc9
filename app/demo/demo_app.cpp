#include "demo_app.h"

#include <algorithm>
#include <chrono>
#include <sstream>

#include "reference_mesh.h"
#include "view_registry.h"

namespace hp {

namespace {
double now_ms() {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

const std::string& DemoApp::webgpu_unavailable() const {
    if (!webgpu_checked_) {
        if (!WebGpuCompaction::available(&webgpu_reason_) && webgpu_reason_.empty()) webgpu_reason_ = "no device";
        webgpu_checked_ = true;
    }
    return webgpu_reason_;
}

AtlasLayout DemoApp::layout_for(const DemoState& s) const {
    if (s.source == Source::Png && png_) return png_->layout;
    return procedural_layout(s);
}

bool DemoApp::init(std::string* error) {
    state_ = pending_;  // settings requested before the start (the URL's) count from frame 1
    timer_.init(kPassCount, timer_queries_);
    if (!views_.init(error) || !surface_view_.init(error)) return false;
    return build_gpu(state_, error);
}

bool DemoApp::build_gpu(const DemoState& s, std::string* error) {
    const AtlasLayout layout = layout_for(s);
    if (layout.atlas > max_texture_size_) {
        *error = "a " + std::to_string(layout.atlas) + "² atlas is larger than this GPU's largest texture (" +
                 std::to_string(max_texture_size_) + "²)";
        return false;
    }
    if (is_webgpu(s.pyramid)) {
        auto next = std::make_unique<WebGpuCompaction>();
        ComputeView view;
        if (!next->init(layout, s.pyramid, error) || !view.init(layout, error)) return false;
        compute_ = std::move(next);
        compute_view_ = std::move(view);
        compute_surface_view_.rebind();
        gpu_ = VolumeCompaction();
    } else {
        VolumeCompaction next;
        if (!next.init(layout, mode_of(s), error)) return false;
        gpu_ = std::move(next);
        compute_.reset();
        compute_view_ = ComputeView();
    }
    layout_ = layout;
    mode_ = mode_of(s);
    png_uploaded_ = false;
    return true;
}

bool DemoApp::recreate_gpu(std::string* error) {
    timer_.init(kPassCount, timer_queries_);
    return views_.init(error) && surface_view_.init(error) && build_gpu(state_, error);
}

void DemoApp::abandon_gpu() {
    gpu_.abandon();
    compute_view_.abandon();
    views_.abandon();
    surface_view_.abandon();
    timer_.abandon();
}

bool DemoApp::request(const std::string& settings, std::string* error) {
    DemoState next = pending_;
    std::istringstream in(settings);
    std::string pair;
    bool expected_given = false;
    while (std::getline(in, pair, '\n')) {
        if (pair.empty()) continue;
        const auto eq = pair.find('=');
        const std::string key = pair.substr(0, eq);
        const std::string value = eq == std::string::npos ? "" : pair.substr(eq + 1);
        if (!apply_setting(&next, key, value, error)) return false;
        expected_given |= key == "expected";
    }
    if (is_webgpu(next.pyramid) && !webgpu_unavailable().empty()) {
        *error = std::string("pyramid=") + name_of(next.pyramid) + " needs WebGPU: " + webgpu_reason_;
        return false;
    }
    if (next.source == Source::Png && !png_) {
        *error = "source=png needs a PNG atlas: load one first";
        return false;
    }
    const int atlas = layout_for(next).atlas;
    if (max_texture_size_ > 0 && atlas > max_texture_size_) {
        *error = "volume=" + std::to_string(next.volume) + " needs a " + std::to_string(atlas) +
                 "² atlas, larger than this GPU's largest texture (" + std::to_string(max_texture_size_) + "²)";
        return false;
    }
    // The overlay's limit: no more keys than the atlas has texels. A smaller atlas asked for
    // without an expected count lowers the one in effect, as the overlay would show it.
    const std::int64_t texels = layout_for(next).texel_count();
    if (next.expected > texels) {
        if (expected_given) {
            *error = "expected=" + std::to_string(next.expected) + " is more than the " + std::to_string(texels) +
                     " texels of the " + std::to_string(atlas) + "² atlas";
            return false;
        }
        next.expected = unsigned(texels);
    }
    pending_ = next;
    ++requested_serial_;
    return true;
}

bool DemoApp::load_atlas(const std::uint8_t* data, std::size_t size, int tile, std::string* error) {
    PngAtlas loaded;
    if (!load_png_atlas(data, size, tile > 0 ? tile : png_tile_, max_texture_size_, &loaded, error))
        return false;
    png_ = std::move(loaded);
    png_uploaded_ = false;
    pending_.source = Source::Png;
    pending_.expected = unsigned(std::min<std::int64_t>(pending_.expected, png_->layout.texel_count()));
    ++requested_serial_;
    return true;
}

FrameSettings DemoApp::settings() const {
    FrameSettings f;
    f.source = state_.source;
    f.time = state_.time;
    f.classify = state_.classify;
    f.iso = state_.iso;
    f.readback = state_.readback;
    f.expected = state_.expected;
    f.timestamps = state_.timestamps;
    f.scan = state_.scan;
    f.fallback = state_.fallback;
    f.mesh = surface_shown_ || mesh_wanted_ > 0;
    f.extract = state_.route == MeshRoute::Fragment || mesh_wanted_ > 0;
    return f;
}

// Applies the pending state; a layout or mode change re-creates the pipeline, and if that
// fails the previous state stays in effect.
void DemoApp::apply_pending() {
    const AtlasLayout want = layout_for(pending_);
    if (mode_of(pending_) != mode_ || want.atlas != layout_.atlas || want.volume != layout_.volume) {
        std::string error;
        if (!build_gpu(pending_, &error)) {
            message_ = error;
            pending_ = state_;
        }
    }
    if (pending_.timestamps != state_.timestamps || pending_.pyramid != state_.pyramid || pending_.scan != state_.scan)
        timer_.reset();
    state_ = pending_;
    issued_serial_ = requested_serial_;
    if (state_.source == Source::Png && png_ && !png_uploaded_) {
        if (compute_) compute_->upload(*png_);
        else gpu_.volume().upload(*png_);
        png_uploaded_ = true;
    }
    if (state_.source != Source::Png) png_uploaded_ = false;
}

void DemoApp::compute(double dt_seconds) {
    if (compute_) return compute_webgpu(dt_seconds);
    apply_pending();
    if (compute_) return;  // switched to WebGPU: its first frame runs next time
    if (!state_.paused) {
        state_.time += dt_seconds;
        pending_.time = state_.time;
    }
    timer_.begin_frame();
    const double t0 = now_ms();
    result_ = gpu_.run(settings(), &timer_);
    compute_ms_ = now_ms() - t0;
    if (mesh_wanted_ > 0) --mesh_wanted_;
    ++frame_;
    done_serial_ = issued_serial_;
}

// WebGPU: collect what has arrived, then issue a frame, unless a sync frame still waits for
// its count (it completes when the count arrives, and the next one is issued then) or the
// GPU is still busy with earlier frames.
void DemoApp::compute_webgpu(double dt_seconds) {
    timer_.begin_frame();
    if (!WebGpuCompaction::available(&webgpu_reason_)) {  // the device was lost: back to WebGL2
        webgpu_checked_ = true;
        message_ = webgpu_reason_ + "; back to the WebGL2 scalar pyramid";
        pending_.pyramid = state_.pyramid = Pyramid::Scalar;
        compute_surface_view_.reset();
        compute_.reset();
        compute_view_ = ComputeView();
        apply_pending();  // mode_ is still the WebGPU one: this builds the WebGL2 pipeline
        return;
    }
    compute_->poll(&timer_);
    const std::string error = WebGpuCompaction::take_error();
    if (!error.empty()) message_ = error;
    FrameResult arrived;
    if (compute_->take_sync_result(&arrived)) {
        result_ = arrived;
        ++frame_;
        done_serial_ = issued_serial_;
    }
    const int rows = stream_shown_ || volume_shown_ ? Views::stream_rows_shown(layout_.atlas, result_.count) : 0;
    if (compute_->take_display(&display_, rows, volume_shown_))
        compute_view_.show(display_.atlas.empty() ? nullptr : display_.atlas.data(), display_.levels.data(),
                           display_.levels.size(),
                           compute_->pyramid_plan().offsets, compute_->pyramid_plan().top, display_.stream.data(),
                           display_.stream_rows, state_.classify, state_.iso);
    if (compute_->busy()) return;
    apply_pending();
    if (!compute_) return;  // switched to WebGL2
    if (!state_.paused) {
        state_.time += dt_seconds;
        pending_.time = state_.time;
    }
    const double t0 = now_ms();
    const FrameResult r = compute_->run(settings());
    compute_ms_ = now_ms() - t0;
    if (mesh_wanted_ > 0) --mesh_wanted_;
    if (state_.readback != Readback::Sync) {
        result_ = r;
        ++frame_;
        done_serial_ = issued_serial_;
    }
}

void DemoApp::draw_views(const Layout& l, int fb_height) {
    timer_.begin(int(Pass::Display));
    volume_shown_ = l.shows(View::Slices) || l.shows(View::Pyramid);
    stream_shown_ = l.shows(View::Stream);
    surface_shown_ = l.shows(View::Surface);
    panel_scale_ = l.scale;
    framebuffer_height_ = fb_height;
    compute_surface_drawn_ = false;
    for (int i = 0; i < kPanelViews; ++i) {
        const Panel& p = l.panels[std::size_t(i)];
        if (p.w <= 0) continue;
        const PanelRect r{int(p.x * l.scale), fb_height - int((p.y + p.h) * l.scale), int(p.w * l.scale),
                          int(p.h * l.scale)};
        view_entries()[std::size_t(i)].draw(*this, r);
    }
    if (!compute_surface_drawn_) compute_surface_view_.hide();
    timer_.end(int(Pass::Display));
    timer_.end_frame();
}

ViewSources DemoApp::view_sources() const {
    if (compute_) {
        if (!compute_view_.shown()) return {};
        return {&compute_view_.volume(), &compute_view_, &compute_view_.stream()};
    }
    return {&gpu_.volume(), &gpu_.compactor(), &gpu_.compactor().stream()};
}

void DemoApp::draw_surface(PanelRect r) {
    if (compute_) return draw_surface_webgpu(r);  // the WebGPU modes draw their mesh on WebGPU
    const SurfaceView::Scene scene{result_.mesh ? result_.vertex_keys_drawn : 0, layout_.volume, &camera_, state_.colour};
    if (state_.route == MeshRoute::Vertex)
        surface_view_.draw_walking(r, gpu_.mesh(), gpu_.volume(), state_.iso, scene);
    else
        surface_view_.draw(r, gpu_.mesh(), scene);
}

// The WebGPU modes: the GL canvas is cleared to transparent over the panel (every other pixel
// stays opaque), and the page's WebGPU canvas, under it at the same rectangle, shows the mesh.
void DemoApp::draw_surface_webgpu(PanelRect r) {
    if (r.w <= 0 || r.h <= 0) return;
    glEnable(GL_SCISSOR_TEST);
    glScissor(r.x, r.y, r.w, r.h);
    glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    const double s = panel_scale_ > 0 ? panel_scale_ : 1.0;
    const wgpu::CssRect css{r.x / s, (framebuffer_height_ - r.y - r.h) / s, r.w / s, r.h / s};
    const WebGpuCompaction& c = *compute_;
    compute_surface_view_.draw(css, r.w, r.h, c.positions_buffer(), c.normals_buffer(), c.counter_buffer(),
                               wgpu::ComputeMesh::kDrawArgsAt, layout_.volume, camera_, state_.colour);
    compute_surface_drawn_ = true;
}

std::uint32_t DemoApp::mesh_capacity() const {
    return std::uint32_t(layout_.atlas) * std::uint32_t(layout_.atlas);
}

MeshCopy DemoApp::mesh(std::uint32_t limit) {
    MeshCopy m;
    if (compute_ || !result_.mesh || !result_.extracted) return m;
    // Not read this frame (async, expected): the API still reports the true total.
    m.vertices = result_.vertices_read ? result_.vertices : gpu_.mesh().read_total();
    // The keys written: below the total, the limit drawn (expected mode may stop short) and
    // the capacity.
    const std::uint32_t n = std::min({limit, m.vertices, result_.vertex_keys_drawn, mesh_capacity()});
    m.positions = gpu_.mesh().read_positions(n);
    m.normals = gpu_.mesh().read_normals(n);
    return m;
}

MeshCopy DemoApp::reference_mesh_of(const float* atlas, std::uint32_t limit) const {
    const MeshData r = hp::reference_mesh(layout_, atlas, state_.iso, limit);
    return {r.vertices, r.positions, r.normals};
}

MeshCopy DemoApp::reference_mesh(std::uint32_t limit) const {
    if (compute_) return {};
    const std::vector<float> atlas = gpu_.volume().read_atlas();
    return reference_mesh_of(atlas.data(), limit);
}

std::vector<float> DemoApp::stream(std::uint32_t limit) const {
    if (compute_) return {};
    return gpu_.compactor().read_stream(std::min(limit, result_.count));
}

std::vector<StreamEntry> DemoApp::reference(std::uint32_t limit) const {
    if (compute_) return {};
    const std::vector<float> atlas = gpu_.volume().read_atlas();
    return reference_of(atlas.data(), limit);
}

std::vector<StreamEntry> DemoApp::reference_of(const float* atlas, std::uint32_t limit) const {
    return reference_stream(layout_, atlas, state_.classify, state_.iso, limit);
}

}  // namespace hp

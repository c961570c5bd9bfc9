// The WebGPU modes: WebGpuCompaction issues frames that complete when their count arrives
// (sync) or at once (async, expected); the 2D views show copies read back for display
// (ComputeView: WebGL cannot read WebGPU's buffers), and the 3D view is drawn on the page's
// WebGPU canvas under the GL canvas, which is left transparent over the panel. Errors: init
// returns its own; afterwards poll() says one a frame, WebGpuCompaction::take_error()'s (the
// frames' own, then the device's) before the 3D view's.
#include "backend.h"

#include <emscripten/emscripten.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>

#include "compaction_counter.h"
#include "compute_surface_view.h"
#include "compute_view.h"
#include "kernel.h"
#include "reference_mesh.h"
#include "tile_scan.h"
#include "webgpu_compaction.h"
#include "webgpu_bricked.h"
#include "webgpu_read.h"

namespace hp {

bool webgpu_available(std::string* why) {
    if (WebGpuCompaction::available(why)) return true;
    if (why->empty()) *why = "no device";
    return false;
}

int webgpu_device_serial() { return hpgpu_ready(); }

namespace {

class WebGpuBackend : public Backend {
public:
    ~WebGpuBackend() override { surface_.reset(); }

    bool init(const AtlasLayout& layout, Pyramid mode, std::string* error) {
        return gpu_.init(layout, mode, error) && view_.init(layout, error);
    }

    const char* name() const override { return "webgpu"; }
    Timing timing(const GpuTimer&) const override { return gpu_.timestamps() ? Timing::Timestamps : Timing::None; }
    void abandon() override { view_.abandon(); }
    bool alive(std::string* why) const override { return gpu_.alive(why); }
    bool failed(std::string* why) override {
        std::string what;
        if (!gpu_.out_of_memory(&what)) return false;
        if (bricked_.out_of_memory(what, &surface_error_)) return false;  // the bricks', made again smaller
        *why = what;
        return true;
    }
    void upload(const Volume& volume) override { gpu_.upload(volume); }

    bool poll(GpuTimer* timer, const ShownViews& shown, const FrameSettings& last, FrameResult* done,
              std::string* message) override {
        gpu_.poll(timer);
        std::string error = gpu_.take_error();
        if (error.empty()) std::swap(error, surface_error_);
        if (!error.empty()) *message = error;
        bricked_.poll();
        bool completed = gpu_.take_sync_result(done);
        if (completed) done_count_ = done->count;
        if (completed && bricked_.waiting()) bricked_.hold(*done), completed = false;  // its surface not yet made
        if (!completed) completed = bricked_.release(done);
        else bricked_.fill(done);
        const int rows = shown.stream || shown.volume ? Views::stream_rows_shown(gpu_.layout().atlas, done_count_) : 0;
        if (gpu_.take_display(&display_, rows, shown.volume)) {
            const PyramidPlan& plan = gpu_.pyramid_plan();
            view_.show(display_.atlas.empty() ? nullptr : display_.atlas.data(), display_.levels.data(),
                       display_.levels.size(), plan.offsets, plan.top, display_.stream.data(), display_.stream_rows,
                       last);
            view_.show_tiles(scan_tiles(display_.tiles, display_.tile_size, display_.tile_posts, wgpu::TileScan::kPostValue));
            ++shown_serial_;
        }
        return completed;
    }
    bool busy() const override { return gpu_.busy(); }
    bool idle() const override { return gpu_.idle() && !bricked_.pending(); }
    bool reading() const override { return gpu_.reading() || bricked_.pending(); }
    FrameResult repeated(const FrameSettings& s, const FrameResult& last) const override {
        if (s.readback == Readback::Sync || bricked_.shown()) return last;  // final when it completed
        return gpu_.newest(s);
    }
    void set_frames_in_flight(int frames) override {
        gpu_.set_frames_in_flight(frames > 0 ? frames : int(wgpu::FrameReadback::kFramesInFlight));
    }
    std::uint64_t shown_serial() const override { return shown_serial_; }
    bool run(const FrameSettings& s, GpuTimer*, FrameResult* r) override {
        FrameSettings atlas = s;
        if (bricked_.shown()) atlas.mesh = atlas.extract = false;  // the surface is the bricks'
        *r = gpu_.run(atlas);
        bricked_.issued(s);
        if (s.readback == Readback::Sync) return false;  // completed by poll() once its count arrives
        done_count_ = r->count;
        bricked_.fill(r);
        return true;
    }

    ViewSources view_sources() const override {
        if (!view_.shown()) return {};
        return {&view_.volume(), &view_, &view_.stream(), view_.tiles().starts.empty() ? nullptr : &view_.tiles()};
    }
    // The GL canvas is cleared to transparent over the panel (every other pixel stays
    // opaque), and the page's WebGPU canvas, under it at the same rectangle, shows the mesh.
    void draw_surface(const SurfaceDraw& d) override {
        const PanelRect& r = d.panel;
        if (r.w <= 0 || r.h <= 0) return;
        glEnable(GL_SCISSOR_TEST);
        glScissor(r.x, r.y, r.w, r.h);
        glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        glDisable(GL_SCISSOR_TEST);
        const double s = d.css_scale > 0 ? d.css_scale : 1.0;
        const wgpu::CssRect css{r.x / s, (d.framebuffer_height - r.y - r.h) / s, r.w / s, r.h / s};
        wgpu::SurfaceBuffers mesh{gpu_.positions_buffer(), gpu_.normals_buffer(), gpu_.counter_buffer(),
                                  gpu_.indices_buffer()};
        SurfaceScene scene = d.scene;
        if (d.processed) {
            if (processed_.revision != d.processed->revision) upload(*d.processed);
            mesh = {processed_.positions, processed_.normals, processed_.counter, processed_.indices};
        } else if (bricked_.shown()) {
            mesh = bricked_.buffers();
            const float f = float(bricked_.view_factor());  // the bricks' voxels where the view's are a preview's
            for (std::size_t a = 0; a < 3; ++a) scene.dims[a] *= f, scene.scale[a] /= f;
        }
        std::string error;
        surface_.set_labels(d.labels, d.labels_revision);
        if (!surface_.draw(css, r.w, r.h, mesh, scene, &error)) surface_error_ = error;
    }
    void end_views(bool surface_drawn) override {
        if (!surface_drawn) surface_.hide();
    }
    std::uint32_t mesh_capacity() const override {
        return bricked_.shown() ? bricked_.capacity() : gpu_.mesh_capacity();
    }
    bool set_bricked(const BrickedAsk* ask, BrickFigures* figures, std::string* why) override {
        return bricked_.set(ask, figures, why);
    }
    bool bricked_figures(BrickFigures* out) const override { return bricked_.figures(out); }

    bool mesh_ready(const FrameResult& last) const override { return last.mesh; }
    bool indexes_mesh() const override { return !bricked_.shown(); }
    std::unique_ptr<ReadTicket> read(const ReadRequest& q, const FrameResult& last) override;

private:
    // The processed mesh as the 3D view's pipeline reads a surface: vec4 positions and normals,
    // a counter holding its draw arguments, u32 indices.
    void upload(const ProcessedSurface& p) {
        const std::size_t n = p.positions.size() / 3;
        std::vector<float> pos(4 * n + 4, 0.0f), nor(4 * n + 4, 0.0f);
        for (std::size_t k = 0; k < n; ++k)
            for (std::size_t c = 0; c < 3; ++c) pos[4 * k + c] = p.positions[3 * k + c], nor[4 * k + c] = p.normals[3 * k + c];
        for (std::size_t k = 0; k < n && k < p.labels.size(); ++k) pos[4 * k + 3] = p.labels[k];  // a label map's, as the GPU's
        wgpu::Counter counter{};
        counter.vertices = counter.draw_args[0] = std::uint32_t(n);
        counter.draw_args[1] = 1;
        counter.indexed_args[0] = std::uint32_t(p.indices.size());
        counter.indexed_args[1] = 1;
        const auto make = [](wgpu::Buffer* b, const void* data, std::size_t bytes, int usage, const char* label) {
            *b = wgpu::buffer(double(std::max<std::size_t>(bytes, 16)), usage | wgpu::kCopyDst, label);
            if (bytes) wgpu::write(*b, 0, data, int(bytes));
        };
        make(&processed_.positions, pos.data(), pos.size() * 4, wgpu::kStorage, "processed positions");
        make(&processed_.normals, nor.data(), nor.size() * 4, wgpu::kStorage, "processed normals");
        make(&processed_.counter, &counter, sizeof counter, wgpu::kStorage | wgpu::kIndirect, "processed counter");
        make(&processed_.indices, p.indices.data(), p.indices.size() * 4, wgpu::kIndex, "processed indices");
        processed_.revision = p.revision;
    }
    struct {
        wgpu::Buffer positions, normals, counter, indices;
        std::uint64_t revision = 0;
    } processed_;

    WebGpuCompaction gpu_;
    WebGpuBricked bricked_;  // the surface in bricks, where the app asks for it
    ComputeView view_;  // what the 2D views show of it
    ComputeDisplay display_;
    wgpu::ComputeSurfaceView surface_;  // the 3D view (#gpu-surface)
    std::uint32_t done_count_ = 0;      // the newest completed frame's count
    std::uint64_t shown_serial_ = 0;    // copies shown so far
    std::string surface_error_;         // the 3D view's, said at the next poll
};

std::unique_ptr<ReadTicket> WebGpuBackend::read(const ReadRequest& q, const FrameResult& last) {
    auto t = std::make_unique<WebGpuRead>();
    hpgpu_begin();
    if (q.stream) {
        t->keys = std::min({q.keys, last.count, gpu_.stream_keys(), std::uint32_t(INT32_MAX / 16)});  // bytes in an int
        t->stream = wgpu::read(gpu_.stream_buffer(), 0, int(16 * std::size_t(t->keys)));
    }
    if (q.atlas) {
        t->texels = std::uint32_t(gpu_.layout().texel_count());
        t->atlas = wgpu::read(gpu_.atlas_buffer(), 0, int(4 * std::size_t(t->texels)));
    }
    if (q.mesh && last.mesh && bricked_.shown()) {
        t->labels = q.labels;
        bricked_.read(q.vertices, t.get());
    } else if (q.mesh && last.mesh && gpu_.positions_buffer()) {
        t->r.mesh.vertices = last.vertices;
        t->labels = q.labels;
        t->vertices = std::min({q.vertices, last.vertices, gpu_.mesh_capacity()});
        // vertices=shared: the list and the indices into it; else the soup itself.
        t->list = gpu_.indices_buffer() ? std::min(last.shared_vertices, gpu_.mesh_capacity()) : t->vertices;
        t->r.shared = gpu_.indices_buffer() ? last.shared_vertices : 0;
        t->positions = wgpu::read(gpu_.positions_buffer(), 0, int(16 * std::size_t(t->list)));
        t->normals = wgpu::read(gpu_.normals_buffer(), 0, int(16 * std::size_t(t->list)));
        if (gpu_.indices_buffer()) t->indices = wgpu::read(gpu_.indices_buffer(), 0, int(4 * std::size_t(t->vertices)));
    }
    hpgpu_submit();
    return t;
}

}  // namespace

// For the tests (webgpu.mjs): a buffer made, released, and another made in its place, as a
// mesh re-made for a new scan does; then a bind group asked for with the released buffer's id
// (a Ref kept past its release, as the 3D view keeps the mesh it bound) and one with the new
// buffer's. "first second stale fresh|refusal|error": the two buffers' ids, the two groups'
// ids (the stale one must be 0: refused, not bound to whatever took the slot, and no
// TypeError), the stale group's error and any other. The library records its own error in
// Module.hpGpu.errors.
extern "C" EMSCRIPTEN_KEEPALIVE const char* hp_webgpu_id_check() {
    static std::string out;
    if (!webgpu_available(&out)) return out.c_str();
    wgpu::Buffer a = wgpu::buffer(64, wgpu::kStorage, "id check");
    const wgpu::BufferRef released = a;
    a = wgpu::Buffer();  // released: its slot is free again
    const wgpu::Buffer b = wgpu::buffer(64, wgpu::kStorage, "id check");
    const wgpu::Buffer u = wgpu::buffer(256, wgpu::kUniform, "id check");
    const wgpu::Buffer counter = wgpu::buffer(256, wgpu::kStorage, "id check");
    std::string error;
    const wgpu::Pipeline p = wgpu::pipeline("stream_tail.wgsl", &error);
    std::string refused;
    const wgpu::BindGroup stale = wgpu::group(p, {{"u", u}, {"counter", counter}, {"stream", released}}, &refused);
    const wgpu::BindGroup fresh = wgpu::group(p, {{"u", u}, {"counter", counter}, {"stream", b}}, &error);
    out = std::to_string(released.id()) + " " + std::to_string(b.id()) + " " + std::to_string(stale.id()) + " " +
          std::to_string(fresh.id()) + "|" + refused + "|" + error;
    return out.c_str();
}

std::unique_ptr<Backend> make_webgpu_backend(const AtlasLayout& layout, Pyramid mode, std::string* error) {
    auto b = std::make_unique<WebGpuBackend>();
    if (!b->init(layout, mode, error)) return nullptr;
    return b;
}

}  // namespace hp

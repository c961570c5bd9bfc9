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
    bool failed(std::string* why) override { return gpu_.out_of_memory(why); }
    void upload(const Volume& volume) override { gpu_.upload(volume); }

    bool poll(GpuTimer* timer, const ShownViews& shown, const FrameSettings& last, FrameResult* done,
              std::string* message) override {
        gpu_.poll(timer);
        std::string error = gpu_.take_error();
        if (error.empty()) std::swap(error, surface_error_);
        if (!error.empty()) *message = error;
        const bool completed = gpu_.take_sync_result(done);
        if (completed) done_count_ = done->count;
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
    bool idle() const override { return gpu_.idle(); }
    void set_frames_in_flight(int frames) override {
        gpu_.set_frames_in_flight(frames > 0 ? frames : int(wgpu::FrameReadback::kFramesInFlight));
    }
    std::uint64_t shown_serial() const override { return shown_serial_; }
    bool run(const FrameSettings& s, GpuTimer*, FrameResult* r) override {
        *r = gpu_.run(s);
        if (s.readback == Readback::Sync) return false;  // completed by poll() once its count arrives
        done_count_ = r->count;
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
        if (d.processed) {
            if (processed_.revision != d.processed->revision) upload(*d.processed);
            mesh = {processed_.positions, processed_.normals, processed_.counter, processed_.indices};
        }
        std::string error;
        surface_.set_labels(d.labels, d.labels_revision);
        if (!surface_.draw(css, r.w, r.h, mesh, d.scene, &error)) surface_error_ = error;
    }
    void end_views(bool surface_drawn) override {
        if (!surface_drawn) surface_.hide();
    }
    std::uint32_t mesh_capacity() const override { return gpu_.mesh_capacity(); }

    bool mesh_ready(const FrameResult& last) const override { return last.mesh; }
    bool indexes_mesh() const override { return true; }
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
    ComputeView view_;  // what the 2D views show of it
    ComputeDisplay display_;
    wgpu::ComputeSurfaceView surface_;  // the 3D view (#gpu-surface)
    std::uint32_t done_count_ = 0;      // the newest completed frame's count
    std::uint64_t shown_serial_ = 0;    // copies shown so far
    std::string surface_error_;         // the 3D view's, said at the next poll
};

// A read copied into staging buffers and mapped (wgpu::read): taken once every part has
// arrived; the x, y, z of the surface's vec4s kept.
class WebGpuRead : public ReadTicket {
public:
    wgpu::Ticket stream, atlas, positions, normals, indices;
    std::uint32_t keys = 0, texels = 0, vertices = 0, list = 0;  // stream keys, atlas texels, soup and list vertices
    bool labels = false;  // the positions' w kept (a label map's labels)
    Reading r;

    int poll(Reading* out, std::string* why) override {
        for (const wgpu::Ticket* t : {&stream, &atlas, &positions, &normals, &indices}) {
            if (!*t) continue;
            const int state = t->state();
            if (state < 0) return *why = "the read-back failed (the WebGPU device's errors say why)", -1;
            if (state == 0) return 0;
        }
        if (stream) take(&stream, &r.stream, 4 * std::size_t(keys));
        if (atlas) take(&atlas, &r.atlas, texels);
        if (indices) {
            r.indexed = true;
            r.indices.resize(vertices);
            indices.take(r.indices.data(), int(4 * std::size_t(vertices)));
            r.shared_positions = xyz(&positions, list);
            r.shared_normals = xyz(&normals, list);
            for (std::uint32_t i : r.indices) soup_vertex(i);
        } else if (positions) {
            std::vector<float> others;  // a label map's: each vertex's face's other side, the normals' w
            r.mesh.positions = xyz(&positions, vertices, labels ? &r.mesh.labels : nullptr);
            r.mesh.normals = xyz(&normals, vertices, labels ? &others : nullptr);
            r.mesh.other_labels = per_triangle(others);
        }
        *out = std::move(r);
        return 1;
    }

private:
    static void take(wgpu::Ticket* t, std::vector<float>* out, std::size_t floats) {
        out->resize(floats);
        t->take(out->data(), int(4 * floats));
    }
    // The vec4s' x, y, z; their w into *w where asked (a label map's labels).
    static std::vector<float> xyz(wgpu::Ticket* t, std::uint32_t n, std::vector<float>* w = nullptr) {
        std::vector<float> vec4;
        take(t, &vec4, 4 * std::size_t(n));
        std::vector<float> out;
        out.reserve(3 * std::size_t(n));
        for (std::size_t i = 0; i < n; ++i) out.insert(out.end(), vec4.begin() + 4 * i, vec4.begin() + 4 * i + 3);
        if (w)
            for (std::size_t i = 0; i < n; ++i) w->push_back(vec4[4 * i + 3]);
        return out;
    }
    // The soup's next vertex: list vertex `i` (an index past the list gives NaN).
    void soup_vertex(std::uint32_t i) {
        for (auto [from, to] : {std::pair{&r.shared_positions, &r.mesh.positions}, {&r.shared_normals, &r.mesh.normals}})
            for (std::size_t c = 0; c < 3; ++c) to->push_back(i < list ? (*from)[3 * std::size_t(i) + c] : std::nanf(""));
    }
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
    if (q.mesh && last.mesh && gpu_.positions_buffer()) {
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

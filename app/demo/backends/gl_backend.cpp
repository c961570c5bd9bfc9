// The WebGL2 modes: the stages of app/gpu/gl_stages.h, run by VolumeCompaction, complete
// within the frame (the count is read, collected or expected there); the views read its
// textures directly and the 3D view draws from them, by either route.
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>

#include "backend.h"
#include "brick_level.h"
#include "reference_mesh.h"
#include "volume_compaction.h"

// The tests' hook (hp.testing.gpu.noMemory = {label: 'brick pool', bytes}): a pool of that many
// bytes or more is refused as a GPU without the memory refuses it (glGetError's
// GL_OUT_OF_MEMORY, which BrickCells::init reads).
EM_JS(int, hp_gl_no_memory, (double bytes), {
    const hook = Module.hpGpu && Module.hpGpu.noMemory;
    return hook && hook.label === 'brick pool' && bytes >= hook.bytes ? 1 : 0;
});

namespace hp {

namespace {

bool no_memory_hook(double bytes) { return hp_gl_no_memory(bytes) != 0; }

std::string mib(double bytes) {
    char text[32];
    if (bytes >= (2 << 20)) std::snprintf(text, sizeof text, "%.0f MiB", bytes / (1 << 20));
    else std::snprintf(text, sizeof text, "%.0f KiB", std::ceil(bytes / 1024));
    return text;
}

class GlBackend : public Backend {
public:
    bool init(const AtlasLayout& layout, const CompactionMode& mode, std::string* error) {
        return gpu_.init(layout, mode, error) && surface_.init(error);
    }

    const char* name() const override { return "webgl2"; }
    Timing timing(const GpuTimer& t) const override { return t.gpu() ? Timing::Queries : Timing::Cpu; }
    void abandon() override {
        gpu_.abandon();
        surface_.abandon();
        processed_.abandon();
        bricks_.abandon(), bricks_generation_ = 0;
        bricked_.abandon();
        for (gl::Fence& f : fences_) f.abandon();
        fences_.clear();
    }
    void upload(const Volume& volume) override { gpu_.volume().upload(volume); }
    bool run(const FrameSettings& s, GpuTimer* timer, FrameResult* r) override {
        if (bricked_.on) {
            // The surface is the bricks': the atlas's frame compacts its cells only.
            FrameSettings cells = s;
            cells.mesh = cells.extract = false;
            *r = gpu_.run(cells, timer);
            if (s.mesh && bricked_.made) {
                r->mesh = r->extracted = r->vertices_read = true;
                r->vertices = r->vertex_keys_drawn = std::uint32_t(bricked_.figures.vertices);
            }
        } else {
            *r = gpu_.run(s, timer);
        }
        ++frames_;
        if (in_flight_ > 0) fences_.emplace_back().insert();
        return true;
    }
    // A page's frames are paced by the browser; frames issued back to back (the saturated
    // benchmark) are not, and a queue of seconds of GPU work gets the context reset: a fence a
    // frame keeps at most `frames` of them on the GPU.
    void set_frames_in_flight(int frames) override {
        in_flight_ = std::size_t(std::max(0, frames));
        if (in_flight_ == 0) fences_.clear();
    }
    bool busy() const override {
        // A fence never made (a lost context) holds nothing back.
        while (!fences_.empty() && (!fences_.front().pending() || fences_.front().signalled())) fences_.pop_front();
        return in_flight_ > 0 && fences_.size() >= in_flight_;
    }
    std::uint64_t shown_serial() const override { return frames_; }
    bool views_read_frame() const override { return true; }
    // glFinish returns at once in Chromium: a read of one texel waits for the GPU instead.
    void finish() override { gpu_.compactor().read_stream(1); }

    ViewSources view_sources() const override {
        return {&gpu_.volume(), &gpu_.compactor(), &gpu_.compactor().stream()};
    }
    void draw_surface(const SurfaceDraw& d) override {
        surface_.set_labels(d.labels, d.labels_revision);
        if (!d.processed && bricked_.on && bricked_.made) {
            SurfaceScene scene = d.scene;  // the bricks' voxels where the view's are a preview's
            const float f = float(bricked_.view_factor);
            for (std::size_t a = 0; a < 3; ++a) scene.dims[a] *= f, scene.scale[a] /= f;
            surface_.draw_bricked(d.panel, bricked_.surface, scene);
        } else if (d.processed) {
            const ProcessedSurface& p = *d.processed;
            if (processed_.revision != p.revision) SurfaceView::upload(&processed_, p.positions, p.normals, p.labels, p.indices, p.revision);
            surface_.draw_indexed(d.panel, processed_, d.scene);
        } else if (d.route == MeshRoute::Vertex)
            surface_.draw_walking(d.panel, gpu_.mesh(), gpu_.volume(), d.classify, d.iso, d.scene);
        else
            surface_.draw(d.panel, gpu_.mesh(), d.scene);
    }
    std::uint32_t mesh_capacity() const override {
        if (bricked_.on && bricked_.made) return bricked_.surface.vertices();  // all of it
        return gpu_.mesh().capacity();
    }

    std::unique_ptr<ReadTicket> read(const ReadRequest& q, const FrameResult& last) override {
        Reading r;
        if (q.stream) r.stream = gpu_.compactor().read_stream(std::min(q.keys, last.count));
        if (q.atlas) r.atlas = gpu_.volume().read_atlas();
        if (q.mesh && last.mesh && last.extracted && bricked_.on && bricked_.made) {
            r.mesh.vertices = std::uint32_t(bricked_.figures.vertices);
            std::vector<float> others;
            bricked_.surface.read(q.vertices, &r.mesh.positions, &r.mesh.normals, q.labels ? &r.mesh.labels : nullptr,
                                  q.labels ? &others : nullptr);
            if (q.labels) r.mesh.other_labels = per_triangle(others);
        } else if (q.mesh && last.mesh && last.extracted) {
            SurfaceMesh& mesh = gpu_.mesh();
            // Not read in that frame (async, expected): the API still reports the true total.
            r.mesh.vertices = last.vertices_read ? last.vertices : mesh.read_total();
            // The keys written: below the total, the limit drawn (expected mode may stop short)
            // and the capacity.
            const std::uint32_t n = std::min({q.vertices, r.mesh.vertices, last.vertex_keys_drawn, mesh.capacity()});
            r.mesh.positions = mesh.read_positions(n);
            r.mesh.normals = mesh.read_normals(n);
            if (q.labels) r.mesh.labels = mesh.read_labels(n), r.mesh.other_labels = per_triangle(mesh.read_labels(n, true));
        }
        return answered(std::move(r));
    }

    bool brick_level_request(const BrickGrid& grid, std::uint64_t generation, float iso, std::string* why) override {
        if (generation != bricks_generation_ || !bricks_.ready()) {
            bricks_generation_ = 0;
            if (!bricks_.init(grid, why)) return false;
            bricks_generation_ = generation;
        }
        bricks_.request(iso);
        return true;
    }
    bool brick_level_newest(float iso, std::uint32_t* active) override { return bricks_.ready() && bricks_.newest(iso, active); }

    bool bricked_again() const override { return bricked_.again; }
    bool bricked_figures(BrickFigures* out) const override {
        if (!bricked_.on || !bricked_.made) return false;
        return *out = bricked_.figures, true;
    }
    bool set_bricked(const BrickedAsk* ask, BrickedSurface::Figures* figures, std::string* why) override {
        Bricked& b = bricked_;
        b.on = false, b.again = false;
        if (!ask) return false;
        if (b.max_3d == 0) glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &b.max_3d);
        if (ask->key != b.scaled_key || ask->budget_bytes != b.scaled_budget) b.budget_scale = 1;  // another load or budget
        const BrickedSurface::Size size =
            BrickedSurface::size_for(*ask->grid, ask->budget_bytes * b.budget_scale, b.max_3d, ask->values->type());
        const bool same = ask->key == b.key && size.slots == b.size.slots && size.round == b.size.round;
        if (same && !b.failed.empty()) return *why = b.failed, false;  // not made again each frame
        if (!same || !b.surface.ready()) {
            b.made = false, b.key = ask->key, b.size = size, b.failed.clear();
            const double pool = BrickCells::pool_bytes(*ask->grid, size.slots, ask->values->type());  // what init() asks
            const bool refused = no_memory_hook(pool);
            if (refused) *why = "the GPU has no memory for WebGL2's brick pool (" + mib(pool) + ")";
            if (refused || !b.surface.init(*ask->grid, size, *ask->values, why, ask->labels)) {
                // A pool the GPU has no memory for: made again at half the budget (more rounds) next frame.
                if (why->rfind("the GPU has no memory", 0) != 0 || size.slots <= 1) return b.failed = *why, false;
                b.budget_scale /= 2, b.key = 0, b.again = true;
                b.scaled_key = ask->key, b.scaled_budget = ask->budget_bytes;
                *why += ": the bricks' pool is made again within " + mib(ask->budget_bytes * b.budget_scale) + ", in more rounds";
                return false;
            }
        }
        if (ask->run && (!b.made || b.iso != ask->iso || BrickCrop::of(ask->crop) != b.crop)) {
            b.figures = b.surface.run(*ask->values, ask->iso, ask->crop);
            b.iso = ask->iso, b.crop = BrickCrop::of(ask->crop), b.made = true;
        }
        b.on = true;
        b.view_factor = ask->view_factor;
        *figures = b.figures;
        return true;
    }

private:
    VolumeCompaction gpu_;
    BrickLevel bricks_;  // the first level of a bricked compaction, for the load numbered:
    std::uint64_t bricks_generation_ = 0;
    // The surface made in bricks (set_bricked), for the key, pool, iso and crop it was made with.
    struct Bricked {
        BrickedSurface surface;
        std::uint64_t key = 0;
        BrickedSurface::Size size;
        float iso = 0;
        std::optional<BrickCrop> crop;
        bool on = false, made = false;
        int view_factor = 1;
        BrickedSurface::Figures figures;
        std::string failed;  // why the pool for this key and size could not be made ("" when it was)
        GLint max_3d = 0;    // the GPU's largest 3D texture, asked once
        double budget_scale = 1;  // of the budget asked: halved by each pool the GPU had no memory for
        bool again = false;       // ... and the last set_bricked did so: made again at the next
        std::uint64_t scaled_key = 0;  // the load and budget the scale is for (another: the whole budget)
        double scaled_budget = 0;
        void abandon() {
            surface.abandon(), key = 0, made = on = again = false, failed.clear(), max_3d = 0;
            budget_scale = 1;
        }
    };
    Bricked bricked_;
    SurfaceView surface_;
    SurfaceView::Indexed processed_;  // the processed mesh, uploaded when its revision changes
    std::uint64_t frames_ = 0;  // run so far: the views read the last one's textures
    std::size_t in_flight_ = 0;  // 0: no bound
    mutable std::deque<gl::Fence> fences_;  // of the frames still on the GPU, oldest first
};

}  // namespace

std::unique_ptr<ReadTicket> answered(Reading r) {
    struct Answered : ReadTicket {
        Reading r;
        int poll(Reading* out, std::string*) override {
            *out = std::move(r);
            return 1;
        }
    };
    auto t = std::make_unique<Answered>();
    t->r = std::move(r);
    return t;
}

std::unique_ptr<Backend> make_gl_backend(const AtlasLayout& layout, const CompactionMode& mode, std::string* error) {
    auto b = std::make_unique<GlBackend>();
    if (!b->init(layout, mode, error)) return nullptr;
    return b;
}

std::unique_ptr<Backend> make_backend(const AtlasLayout& layout, const CompactionMode& mode, std::string* error) {
    return is_webgpu(mode.pyramid) ? make_webgpu_backend(layout, mode.pyramid, error)
                                   : make_gl_backend(layout, mode, error);
}

}  // namespace hp

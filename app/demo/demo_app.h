// The demo: the state the user sees, the GPU pipeline that computes it, and the views that
// show it. It knows GL and the pipeline but not SDL, ImGui or the browser: main.cpp drives
// it, overlay.cpp edits its pending state, web_api.cpp exposes it to JavaScript.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backend.h"
#include "explain_pass.h"
#include "settings.h"
#include "orbit_camera.h"
#include "png_atlas.h"
#include "mesh_export.h"
#include "volume_file.h"
#include "gpu_timer.h"
#include "view_registry.h"
#include "views.h"

namespace hp {


class DemoApp {
public:
    // The GPU's largest texture: requests for larger atlases are refused. Call first.
    void set_max_texture_size(int size) { max_texture_size_ = size; }
    // Creates every GPU resource for the initial state. False with a message the page shows
    // when the GPU cannot run the demo at all.
    bool init(std::string* error);
    // Re-creates every GPU resource (a restored WebGL context); the state is kept.
    bool recreate_gpu(std::string* error);
    void abandon_gpu();

    // One frame: apply what was asked since the last one, advance time, compute. False when no
    // frame was issued (the backend is busy with earlier ones, or there is no pipeline).
    bool compute(double dt_seconds);
    // Draws the views into the current framebuffer (size in pixels); ends the frame's timing.
    void draw_views(const Layout& layout, int framebuffer_height);
    // The saturated benchmark: issues up to `n` frames back to back, each computed (with the
    // surface stages when `mesh`) and, with `draw`, its views drawn as the last frame laid them
    // out (the WebGL2 vertex route's mesh is made by its draw); returns how many were issued
    // (fewer once the backend is busy). `in_flight`: frames the backend may queue (0: its own
    // bound). finish() waits for the GPU.
    int run_frames(int n, bool draw, bool mesh, int in_flight);
    void finish() { if (backend_) backend_->finish(); }
    // Takes in what has arrived (times, counts) without issuing a frame.
    void collect();
    // What the views draw and caption from (the last frame; the panels' scale).
    ViewInput view_input(float css_scale, int framebuffer_height);
    OrbitCamera& camera() { return camera_; }
    const OrbitCamera& camera() const { return camera_; }
    // Where the last frame put its panels and the control panel (hp.stats().layout), and the
    // box the camera frames (the volume in the view's units).
    void set_shown_layout(const Layout& l) { shown_layout_ = l; }
    const Layout& shown_layout() const { return shown_layout_; }
    std::array<float, 3> view_box() const;

    // Per-pass timings: GPU timer queries when `gpu_queries`, else CPU-side. Call before init.
    void set_timer_queries(bool gpu_queries) { timer_queries_ = gpu_queries; }
    const GpuTimer& timer() const { return timer_; }
    void reset_timings() { timer_.reset(); }

    // Requests, applied at the start of the next frame. An error leaves everything as it was.
    // `settings`: one "name=value" a line, as in the URL ("pyramid=vec4\niso=0.4"); all or nothing.
    bool request(const std::string& settings, std::string* error);
    // What the settings table's rows read beyond the state: the view names, the layout in effect.
    SettingsContext settings_context() const;
    // tile 0: the tile size chosen in the overlay (png_tile()).
    bool load_atlas(const std::uint8_t* data, std::size_t size, int tile, std::string* error);
    int& png_tile() { return png_tile_; }
    // A volume file (volume_file.h): read, checked against the atlas this GPU can hold, then
    // shown (source=file, iso at its first preset). False with the loader's or the limit's
    // message; the volume shown stays. A file refused at full size for its size (the voxel cap
    // or the atlas) that opens downsampled by 2 says so, and sets *opens_downsampled (the
    // page's offer).
    bool load_volume(const std::uint8_t* data, std::size_t size, const VolumeOptions& options, std::string* error,
                     bool* opens_downsampled = nullptr);
    const Volume* file() const { return file_ ? &*file_ : nullptr; }
    const AtlasLayout& file_layout() const { return file_layout_; }
    // Changes the pending source, and iso to the one that source had (each keeps its own: a
    // file's is in its data units).
    void choose_source(Source s);
    // The values a source holds (iso's range) and its voxels' proportions (the 3D view's scale).
    std::array<float, 2> range_of(const DemoState& s) const;
    std::array<float, 3> scale_of(const DemoState& s) const;
    DemoState& pending() { return pending_; }
    // What the page offers to load ("name<TAB>label" lines, web/hp.js), by name and label.
    void set_samples(const std::string& lines);
    const std::vector<std::pair<std::string, std::string>>& samples() const { return samples_; }
    const std::string& file_name() const { return file_name_; }
    // The loaded file's iso presets: the loader's guess (iso_presets), or what the page knows of
    // a sample ("name<TAB>iso" lines).
    const std::vector<IsoPreset>& file_presets() const { return presets_; }
    void set_file_presets(const std::string& lines);
    // log(1 + count) of the loaded file's values over its range, for the iso control.
    const std::vector<float>& file_histogram() const { return histogram_; }

    // What the last frame did.
    const DemoState& state() const { return state_; }
    const FrameResult& result() const { return result_; }
    const AtlasLayout& layout() const { return layout_; }
    // Frames whose results are complete (a WebGPU sync frame completes when its count arrives).
    std::uint64_t frame() const { return frame_; }
    // Each accepted request (and atlas load) gets a serial; settings_done() is the newest one
    // whose settings a completed frame ran with.
    std::uint64_t settings_requested() const { return requested_serial_; }
    std::uint64_t settings_done() const { return done_serial_; }
    // Why the WebGPU modes cannot run ("" when they can).
    const std::string& webgpu_unavailable() const;
    const char* backend_name() const { return backend_ ? backend_->name() : "none"; }
    Timing timing() const { return backend_ ? backend_->timing(timer_) : Timing::None; }
    // The buffers the page reads back itself in the WebGPU modes, as JSON ("null": none).
    std::string backend_buffers() const { return backend_ ? backend_->buffers_json() : "null"; }
    double compute_ms() const { return compute_ms_; }
    bool has_png() const { return png_.has_value(); }
    const PngAtlas* png() const { return png_ ? &*png_ : nullptr; }
    int max_texture_size() const { return max_texture_size_; }

    // Read-backs for the API and tests: the stream as the GPU wrote it, and the CPU
    // reference computed from the atlas the GPU used this frame.
    // WebGL2 modes only: WebGPU's are read asynchronously by the page (web/hp.js), these are
    // empty there.
    std::vector<float> stream(std::uint32_t limit) const;
    std::vector<StreamEntry> reference(std::uint32_t limit) const;
    // The surface the GPU extracted (at most `limit` vertices) and the CPU reference's mesh.
    MeshCopy mesh(std::uint32_t limit);
    MeshCopy reference_mesh_of(const float* atlas, std::uint32_t limit) const;
    MeshCopy reference_mesh(std::uint32_t limit) const;
    // The surface as a file (mesh_export.h): welded on the CPU by marching cubes over the
    // volume this frame ran on (a file's own values; else the atlas, read back here or given by
    // the page), with the arithmetic the GPU's extraction shares; in the file's world
    // coordinates. Empty with *error when there is nothing to export.
    std::vector<std::uint8_t> export_mesh(MeshFile type, bool closed, const float* atlas, std::string* error) const;
    // A mesh the GPU indexed itself (WebGPU, vertices=shared), in the volume's world.
    std::vector<std::uint8_t> export_indexed(const IndexedMesh& mesh, MeshFile type, std::string* error) const;
    // Asks for the surface stages in the next frames even when no view shows the surface.
    void want_mesh() { mesh_wanted_ = 3; }
    // The reference for an atlas read back elsewhere (the WebGPU modes').
    std::vector<StreamEntry> reference_of(const float* atlas, std::uint32_t limit) const;

    // The Explain view's walk of the `key` setting, this frame (State::None when not shown).
    const Explanation& explanation() const { return explanation_; }
    // hp.explain(key): asks for the walk of `key` in the next frames, whichever view is shown;
    // explained() gives it once a frame has walked it after the request (State::Pending until).
    void ask_explain(std::uint32_t key);
    const Explanation& explained() const { return asked_; }

    // The last problem to show the user ("" when none).
    const std::string& message() const { return message_; }
    void set_message(std::string m) { message_ = std::move(m); }

private:
    AtlasLayout layout_for(const DemoState& s) const;
    bool build_gpu(const DemoState& s, std::string* error);
    void undo_build(const std::string& why);
    std::array<double, 12> mesh_world() const;  // voxel index → the mesh files' world (mm)
    bool atlas_fits(const DemoState& s, int atlas, const std::string& what, std::string* error) const;
    FrameSettings settings() const { return frame_settings(state_, shown_.surface, mesh_wanted_ > 0); }
    bool needs_rebuild(const DemoState& s) const;  // a new layout or mode: a new pipeline
    void leave_webgpu(const std::string& why);
    void return_to_webgpu();
    void apply_pending();
    void complete(const FrameResult& r);
    // The walks the view and hp.explain asked for, on the pyramid the views show.
    void explain_frame();
    Explanation explain(std::uint32_t key);
    void drop_backend();
    std::uint64_t views_serial() const { return serial_base_ + (backend_ ? backend_->shown_serial() : 0); }
    CompactionMode mode_of(const DemoState& s) const { return {s.pyramid, s.sums}; }

    DemoState state_, pending_;
    DemoState built_over_;  // the state in effect before the last pipeline was built (undo_build)
    std::optional<PngAtlas> png_;
    bool png_uploaded_ = false;
    std::optional<Volume> file_;  // the one copy of a loaded volume
    AtlasLayout file_layout_;
    bool file_uploaded_ = false;
    std::string file_name_;
    std::vector<float> histogram_;
    std::vector<IsoPreset> presets_;
    std::vector<std::pair<std::string, std::string>> samples_;
    // Each source's iso while another is shown; at first the default's.
    std::array<float, kSourceNames.size()> iso_of_source_ = [] {
        std::array<float, kSourceNames.size()> a{};
        a.fill(DemoState().iso);
        return a;
    }();
    AtlasLayout layout_;
    CompactionMode mode_;
    std::unique_ptr<Backend> backend_;  // the frame's GPU work, in the mode's backend
    mutable std::string webgpu_reason_;
    mutable bool webgpu_checked_ = false;
    std::optional<Pyramid> webgpu_wanted_;  // the WebGPU mode left when its device was lost
    std::uint64_t requested_serial_ = 0, issued_serial_ = 0, done_serial_ = 0;
    Views views_;
    ExplainPass explain_pass_;
    Explanation explanation_, asked_;
    // The asked walk is taken from views' sources this new (their shown_serial): in WebGPU a copy
    // issued before the request may arrive after it.
    std::uint64_t ask_from_ = 0, serial_base_ = 0;
    // What the view's walk was made from (explain_frame walks again only when it changes).
    struct Walked {
        std::uint32_t key = 0;
        std::uint64_t settings = 0, base = 0, serial = 0;
        DemoState state;
    } walked_;
    bool gpu_lost_ = false;  // the WebGL context is gone until recreate_gpu()
    ShownViews shown_;  // what the last layout showed
    Layout shown_layout_;
    std::string view_problem_;  // why a view could not draw, last frame ("" when none)
    OrbitCamera camera_;
    int mesh_wanted_ = 0;  // frames left that run the surface stages for a read
    int framebuffer_height_ = 0;  // the last draw_views'
    GpuTimer timer_;
    bool timer_queries_ = false;
    FrameResult result_;
    std::uint64_t frame_ = 0;
    double compute_ms_ = 0;
    int max_texture_size_ = 0;
    int png_tile_ = kDefaultPngTile;
    std::string message_;
};

}  // namespace hp

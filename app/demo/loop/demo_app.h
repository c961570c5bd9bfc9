// The demo: a thin frame loop over the parts it owns, a file each: the sources (sources.h:
// the procedural fields and the one loaded volume), the frames (frame_scheduler.h: requests,
// serials, results), the GPU host (gpu_host.h: the backend, built, undone and rebuilt), the
// views and the key walker (key_walker.h), and the API's read-backs (readbacks.h; the mesh
// files: exporter.h). It knows GL
// and the pipeline but not SDL, ImGui or the browser: main.cpp drives it, overlay.cpp edits its
// pending state, web_api.cpp exposes it to JavaScript.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "brick_runs.h"
#include "readbacks.h"
#include "frame_scheduler.h"
#include "gpu_host.h"
#include "gpu_timer.h"
#include "key_walker.h"
#include "orbit_camera.h"
#include "settings.h"
#include "sources.h"
#include "view_registry.h"
#include "views.h"

namespace hp {

class DemoApp {
public:
    // The GPU's largest texture: requests for larger atlases are refused. Call first.
    void set_max_texture_size(int size) { host_.set_max_texture_size(size); }
    // Per-pass timings: GPU timer queries when `gpu_queries`, else CPU-side. Call before init.
    void set_timer_queries(bool gpu_queries) { timer_queries_ = gpu_queries; }
    // Creates every GPU resource for the initial state. False with a message the page shows
    // when the GPU cannot run the demo at all.
    bool init(std::string* error);
    // Re-creates every GPU resource (a restored WebGL context); the state is kept.
    bool recreate_gpu(std::string* error);
    void abandon_gpu();

    // One frame: apply what was asked since the last one, advance time, compute. False when no
    // frame was issued (the backend is busy with earlier ones, or there is no pipeline).
    // `may_repeat` (the page's own frames): a frame for which nothing its passes read has changed
    // since the last one that ran them (the settings, the views shown, the backend and the
    // volume it holds), with no answer on its way, takes that frame's result and runs no pass,
    // unless frames that run were asked for (wake(f, true)).
    bool compute(double dt_seconds, bool may_repeat = false);
    // The frames that repeated the last result so far (hp.stats().repeated).
    std::uint64_t repeated() const { return repeated_; }
    // Draws the views into the current framebuffer (size in pixels); ends the frame's timing.
    void draw_views(const Layout& layout, int framebuffer_height);
    // The saturated benchmark: issues up to `n` frames back to back, each computed (with the
    // surface stages when `mesh`) and, with `draw`, its views drawn as the last frame laid them
    // out; returns how many were issued (fewer once the backend is busy). `in_flight`: frames
    // the backend may queue (0: its own bound). finish() waits for the GPU.
    int run_frames(int n, bool draw, bool mesh, int in_flight);
    void finish() { if (host_.backend()) host_.backend()->finish(); }
    // Takes in what has arrived (times, counts) without issuing a frame; true when a frame
    // completed (a quiet page draws it).
    bool collect();

    // Requests, applied at the start of the next frame. An error leaves everything as it was.
    // `settings`: one "name=value" a line, as in the URL ("pyramid=vec4\niso=0.4"); all or nothing.
    bool request(const std::string& settings, std::string* error);
    // A volume that arrives in parts from the page's workers (a volume file read by the core
    // readers, a DICOM series; Sources::begin_volume): begun against the limits of the modes in
    // use, filled by the page, then shown from the next frame at its first preset (a file's:
    // `presets`, those the page knows of a sample; else the reader's guess). False
    // with a message; the volume shown stays.
    bool begin_volume(Volume header, const StoredSpec& stored, std::string* error, bool zeroed = true) {
        return sources_.begin_volume(std::move(header), stored, host_.limit(frames_.pending()), error, zeroed);
    }
    bool end_file(Volume meta, const StoredSpec& stored, const std::string& name, std::vector<IsoPreset> presets,
                  std::string* error);
    bool end_volume(const std::string& name, std::vector<DicomSeriesInfo> series, const std::string& shown,
                    std::string* error);
    // Whether a volume refused at full size for its size opens downsampled by 2 at `halved`: the
    // atlas of the modes in use holds it (the page then offers it).
    bool opens_halved(const std::array<int, 3>& halved);
    // Work of the page's over many frames (reading a DICOM folder): {task, done, total}; task ""
    // when none. hp.stats().progress and the overlay show it beside the mesh's.
    struct PageTask {
        std::string task;
        std::int64_t done = 0, total = 0;
    };
    void set_page_task(PageTask t) { page_task_ = std::move(t); }
    const PageTask& page_task() const { return page_task_; }
    // A PNG slice atlas (tile 0: the overlay's tile), shown from the next frame.
    bool load_atlas(const std::uint8_t* data, std::size_t size, int tile, std::string* error);
    // The overlay's source choice (each source keeps its own iso).
    void choose_source(Source s) { sources_.choose(s, &frames_.pending()); }
    DemoState& pending() { return frames_.pending(); }
    // What the settings table's rows read beyond the state: the view names, the layout in effect.
    SettingsContext settings_context() const;

    Sources& sources() { return sources_; }
    const Sources& sources() const { return sources_; }
    const FrameScheduler& frames() const { return frames_; }
    const GpuHost& host() const { return host_; }
    const DemoState& state() const { return frames_.state(); }
    const FrameResult& result() const { return frames_.result(); }
    const AtlasLayout& layout() const { return host_.layout(); }
    std::array<float, 2> range_of(const DemoState& s) const { return sources_.range_of(s); }
    const std::string& webgpu_unavailable() const { return host_.webgpu_unavailable(); }
    // The GPU's count of the bricks active at the iso shown (the first level of the bricked
    // compaction, run by the WebGL2 modes): false where it did not run for what is shown.
    bool bricks_on_gpu(std::uint32_t* active) const {
        return bricks_.level_on_gpu(state(), sources_.values_shown(state()), host_.inputs_serial(), active);
    }
    // The surface in bricks (brick_runs.h): what its last run did, null where it is not shown.
    const BrickRuns& bricks() const { return bricks_; }
    const char* backend_name() const { return host_.backend() ? host_.backend()->name() : "none"; }
    Timing timing() const { return host_.backend() ? host_.backend()->timing(timer_) : Timing::None; }
    // The surface's buffers' vertices (they grow to hold the surface).
    std::uint32_t mesh_capacity() const { return host_.backend() ? host_.backend()->mesh_capacity() : 0; }
    const GpuTimer& timer() const { return timer_; }
    void reset_timings() { timer_.reset(); }
    double compute_ms() const { return compute_ms_; }

    // What the views draw and caption from (the last frame; the panels' scale).
    ViewInput view_input(float css_scale, int framebuffer_height);
    const std::vector<LabelInfo>* labels_shown() const;  // classify=labels: the label map's, else null
    std::uint64_t labels_revision() const;
    OrbitCamera& camera() { return camera_; }
    const OrbitCamera& camera() const { return camera_; }
    // Where the last frame put its panels and the control panel (hp.stats().layout), and the
    // box the camera frames (the volume in the view's units).
    void set_shown_layout(const Layout& l) { shown_layout_ = l; }
    const Layout& shown_layout() const { return shown_layout_; }
    std::array<float, 3> view_box() const;

    // The API's read-backs (readbacks.h): asked, polled until done, taken, ended.
    int read_ask(const ReadAsk& a) { return readbacks_.ask(a); }
    int read_poll(int id) { return readbacks_.poll(id, frame_data(), frames_.frame(), [this] { want_mesh(); }); }
    const ReadResult* read_result(int id) const { return readbacks_.result(id); }
    void read_end(int id) { readbacks_.end(id); }
    // The processed mesh: the last one made, its report, and the progress of one under way.
    const MeshWork& mesh_work() const { return readbacks_.mesh_work(); }
    // The overlay's Report: the processed mesh of the next frame made (as the processed view does).
    void ask_mesh_report() { readbacks_.ask_processed(); }
    // The surface stages in the next frames even where no view shows the surface.
    void want_mesh() { frames_.want_mesh(3); }

    // The walk the view shows this frame, and hp.explain's (key_walker.h).
    const Explanation& explanation() const { return walker_.shown(); }
    void ask_explain(std::uint32_t key) {
        walker_.ask(key, host_.views_serial(), host_.backend() && host_.backend()->views_read_frame());
    }
    const Explanation& explained() const { return walker_.asked(); }

    // A paused page that nothing asks of is quiet: its frames issue no pass (main.cpp then only
    // takes in what arrives, draws once more what completed, and otherwise leaves the canvas
    // with its picture) until something asks: a request, a load, a read, the walker, an input
    // event, or the page waiting for frames (wake(f): until `f` frames have completed; 0: two
    // more).
    bool quiet() const;
    // `run`: those frames run every pass even where they would repeat the last result (the
    // paced benchmark's frames).
    void wake(std::uint64_t until_frame = 0, bool run = false) {
        const std::uint64_t f = until_frame ? until_frame : frames_.frame() + 2;
        if (f > wake_until_) wake_until_ = f;
        if (run && f > run_until_) run_until_ = f;
    }
    // A quiet frame draws what completed (collect()) with begin_redraw() before draw_views().
    void begin_redraw() { timer_.begin_frame(); }

    // The last problem to show the user ("" when none). A load's refusal (a file, an atlas, a
    // DICOM folder, a fetch: `of_load`) lasts until the next load that succeeds; any other
    // message (the URL's settings ignored, a context lost) until it is replaced or dismissed.
    const std::string& message() const { return message_; }
    void set_message(std::string m, bool of_load = false) {
        message_ = std::move(m);
        load_message_ = of_load ? message_ : std::string();
    }

    // What the read-backs and the exporter read of this frame (the overlay's mesh rows too).
    FrameData frame_data() const { return {state(), result(), layout(), host_.backend(), sources_}; }

private:
    // What a frame's passes read: a frame whose inputs equal the last run's repeats its result.
    struct RunInputs {
        FrameSettings settings;
        ShownViews shown;
        std::uint64_t gpu = 0;  // GpuHost::inputs_serial()
    };
    RunInputs run_inputs() const;
    bool repeats(const RunInputs& now) const;
    bool atlas_fits_next(const DemoState& next, std::string* error) const;
    // After a load: a limit only brings values within it (nothing was given).
    void loaded();

    Sources sources_;
    PageTask page_task_;
    FrameScheduler frames_;
    GpuHost host_;
    Views views_;
    KeyWalker walker_;
    Readbacks readbacks_;
    OrbitCamera camera_;
    GpuTimer timer_;
    bool timer_queries_ = false;
    ShownViews shown_;  // what the last layout showed
    Layout shown_layout_;
    std::string view_problem_;  // why a view could not draw, last frame ("" when none)
    int framebuffer_height_ = 0;  // the last draw_views'
    double compute_ms_ = 0;
    std::uint64_t wake_until_ = 0;  // quiet() only once this many frames have completed
    std::uint64_t run_until_ = 0;   // frames up to this one run their passes (wake(f, true))
    std::optional<RunInputs> last_run_;  // what the last frame that ran its passes read
    BrickRuns bricks_;  // the bricked compaction's runs for the volume shown
    std::uint64_t repeated_ = 0;
    std::string message_;
    std::string load_message_;  // the message a load's refusal set, while it is the one shown
    ProcessedSurface processed_;  // the processed mesh in voxel units, for the 3D view
};

}  // namespace hp

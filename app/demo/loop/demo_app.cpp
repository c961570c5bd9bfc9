#include "demo_app.h"

#include <algorithm>

#include "clock.h"
#include "gl_objects.h"

namespace hp {

bool DemoApp::init(std::string* error) {
    frames_.start();  // settings requested before the start (the URL's) count from frame 1
    timer_.init(kPassCount, timer_queries_);
    if (!views_.init(error) || !walker_.init(error)) return false;
    return host_.build(frames_.state(), sources_, error);
}

bool DemoApp::recreate_gpu(std::string* error) {
    timer_.init(kPassCount, timer_queries_);
    if (!views_.init(error) || !walker_.init(error)) return false;
    return host_.recreate(&frames_, sources_, &message_, error);
}

void DemoApp::abandon_gpu() {
    gl::drop_kept_programs();  // gone with the context, as every object is
    host_.abandon();
    views_.abandon();
    walker_.abandon();
    timer_.abandon();
}

SettingsContext DemoApp::settings_context() const {
    return {view_names(), host_.layout(), [this](const DemoState& s) { return sources_.layout_for(s); },
            [this](const DemoState& s) { return sources_.range_of(s); }, sources_.can_show(Source::File),
            [this](const DemoState& s) { return sources_.labels_refused(s); }};
}

// What only the app knows of a request: WebGPU, a loaded volume for source=png or file (the
// settings table says which is missing), the atlas the GPU holds.
bool DemoApp::atlas_fits_next(const DemoState& next, std::string* error) const {
    if (is_webgpu(next.pyramid) && !host_.webgpu_unavailable().empty()) {
        *error = std::string("pyramid=") + name_of(next.pyramid) + " needs WebGPU: " + host_.webgpu_unavailable();
        return false;
    }
    if (next.source == Source::Png && !sources_.can_show(Source::Png)) {
        *error = "source=png needs a PNG atlas: load one first";
        return false;
    }
    const int atlas = sources_.layout_for(next).atlas;
    const std::string what = next.source == Source::File  ? std::string("the file shown")
                             : next.source == Source::Png ? std::string("the PNG atlas")
                                                          : "volume=" + std::to_string(next.volume);
    return host_.atlas_fits(next, atlas, what + " needs a " + std::to_string(atlas) + "² atlas,", error);
}

bool DemoApp::request(const std::string& settings, std::string* error) {
    return frames_.request(settings, settings_context(), &sources_,
                           [this](const DemoState& next, std::string* e) { return atlas_fits_next(next, e); }, error);
}

void DemoApp::loaded() {
    if (!load_message_.empty() && message_ == load_message_) message_.clear();  // an earlier load's refusal
    load_message_.clear();
    readbacks_.drop_values();  // the volume a mesh under way read is gone
    bricks_.drop_values();     // ... and the one the bricks' marks were made of
    std::string unused;
    apply_limits(&frames_.pending(), settings_context(), {}, &unused);
    frames_.requested();
}

bool DemoApp::end_file(Volume meta, const StoredSpec& stored, const std::string& name, std::vector<IsoPreset> presets,
                       std::string* error) {
    if (!sources_.end_file(std::move(meta), stored, name, std::move(presets), &frames_.pending(), error)) return false;
    loaded();
    return true;
}

bool DemoApp::opens_halved(const std::array<int, 3>& halved) {
    AtlasLayout unused;
    std::string why;
    return volume_layout(halved, host_.limit(frames_.pending()), &unused, &why);
}

bool DemoApp::end_volume(const std::string& name, std::vector<DicomSeriesInfo> series, const std::string& shown,
                         std::string* error) {
    if (!sources_.end_volume(name, std::move(series), shown, &frames_.pending(), error)) return false;
    loaded();
    return true;
}

bool DemoApp::load_atlas(const std::uint8_t* data, std::size_t size, int tile, std::string* error) {
    LoadedVolume v;
    if (!sources_.read_png(data, size, tile, host_.max_texture_size(), &v, error)) return false;
    DemoState next = frames_.pending();
    next.source = Source::Png;
    const std::string atlas = std::to_string(v.layout.atlas);
    if (!host_.atlas_fits(next, v.layout.atlas, "the PNG atlas needs a " + atlas + "² atlas,", error)) return false;
    sources_.open(std::move(v), &frames_.pending());
    loaded();
    return true;
}

// One frame: collect what has arrived, then issue a frame unless the backend is still busy
// with earlier ones (a WebGPU sync frame completes only when its count arrives; a slow GPU's
// queue must not grow without bound).
bool DemoApp::compute(double dt_seconds, bool may_repeat) {
    if (!host_.ready(&frames_, sources_, &message_)) return false;
    timer_.begin_frame();
    Backend* b = host_.backend();
    FrameResult done;
    const bool completed = b->poll(&timer_, shown_, frames_.settings(shown_.surface, sources_.range_of(frames_.state())), &done, &message_);
    bricks_.refresh(b);
    if (completed) frames_.complete(done);
    if (b->busy()) return false;
    bool new_timings = false;
    host_.apply(&frames_, sources_, &message_, &new_timings);
    if (new_timings) timer_.reset();
    if (!(b = host_.backend())) return false;  // neither the new pipeline nor the old one could be built
    const std::string& shell_error = sources_.shell().error();  // a shell asked that could not be made
    if (!shell_error.empty() && state().shell > 0 && message_ != shell_error) message_ = shell_error;
    frames_.advance(dt_seconds);
    bricks_.level(b, state(), sources_.values_shown(state()), host_.inputs_serial());  // a shell where one is made
    const RunInputs inputs = run_inputs();
    bricks_.surface(b, state(), sources_.values_shown(state()), inputs.settings.mesh, &message_);
    // An asked walk runs the passes in WebGPU, for its copies; WebGL2's walk reads what is there.
    const bool walk_runs = walker_.asking() && !b->views_read_frame();
    const bool same = may_repeat && frames_.frame() >= run_until_ && !walk_runs && repeats(inputs);
    if (same && !b->idle() && b->reading()) return false;  // repeats once its answer has arrived
    if (same && b->idle()) {
        // One frame completes a call: the one poll() just completed stands for this one.
        if (completed) return false;
        frames_.issued();
        frames_.complete(b->repeated(inputs.settings, frames_.result()));  // the same inputs: no pass run
        ++repeated_;
    } else {
        const double t0 = now_ms();
        FrameResult r;
        host_.settings_buffer().write(inputs.settings);  // what the frame's passes read
        const bool final = b->run(inputs.settings, &timer_, &r);
        compute_ms_ = now_ms() - t0;
        readbacks_.set_frame_ms(compute_ms_);
        frames_.issued();
        if (final) frames_.complete(r);
        last_run_ = inputs;
    }
    readbacks_.show_processed(frame_data(), frames_.frame(), [this] { want_mesh(); });
    readbacks_.work();  // a slice of the processed mesh, if one is under way
    const std::string& failed = readbacks_.mesh_work().failed();
    if (shows_processed(state()) && !failed.empty() && message_ != failed) message_ = failed;
    return true;
}

DemoApp::RunInputs DemoApp::run_inputs() const {
    return {frames_.settings(shown_.surface, sources_.range_of(frames_.state())), shown_, host_.inputs_serial()};
}

// An async count arrives frames later: those frames run (their results carry it). Time moves
// nothing in a loaded volume.
bool DemoApp::repeats(const RunInputs& now) const {
    if (!last_run_ || now.settings.readback == Readback::Async) return false;
    const RunInputs& was = *last_run_;
    FrameSettings a = was.settings, b = now.settings;
    if (!is_procedural(b.source)) a.time = b.time;  // a loaded volume does not move
    return was.gpu == now.gpu && same_gpu_work(a, b) && a.mesh == b.mesh && a.extract == b.extract &&
           a.fused_count == b.fused_count && was.shown == now.shown;
}

bool DemoApp::quiet() const {
    return state().paused && frames_.pending().paused && frames_.frame() >= wake_until_ &&
           frames_.done() == frames_.requested_serial() && !frames_.mesh_wanted() && !readbacks_.busy() &&
           !walker_.asking() && page_task_.task.empty() && host_.backend() && !host_.lost() &&
           !bricks_.level_pending() && !bricks_.again();
}

int DemoApp::run_frames(int n, bool draw, bool mesh, int in_flight) {
    if (host_.lost()) return 0;  // until the context is restored
    if (host_.backend()) host_.backend()->set_frames_in_flight(in_flight);
    int issued = 0;
    for (; issued < n; ++issued) {
        if (mesh) frames_.want_mesh(2);
        if (!compute(1.0 / 60.0)) break;  // busy (it took in what had arrived), or no pipeline
        if (draw) {
            draw_views(shown_layout_, framebuffer_height_);
        } else {
            shown_ = {false, false, false};
            timer_.end_frame();
        }
    }
    if (host_.backend() && in_flight == 0) host_.backend()->set_frames_in_flight(0);
    shown_ = shown_views(shown_layout_);  // what the page's own frames show again
    return issued;
}

bool DemoApp::collect() {
    FrameResult done;
    Backend* b = host_.backend();
    const bool completed = b && b->poll(&timer_, shown_, frames_.settings(shown_.surface, sources_.range_of(frames_.state())), &done, &message_);
    if (b) bricks_.refresh(b);
    if (completed) frames_.complete(done);
    if (timer_.gpu()) timer_.collect();
    return completed;
}

std::array<float, 3> DemoApp::view_box() const {
    const std::array<float, 3> s = sources_.scale_of(state());
    const auto& d = layout().dims;
    return {float(d[0]) * s[0], float(d[1]) * s[1], float(d[2]) * s[2]};
}

ViewInput DemoApp::view_input(float css_scale, int framebuffer_height) {
    const MeshWork& w = readbacks_.mesh_work();
    const bool processed = shows_processed(state()) &&
                           readbacks_.processed_current(frame_data());
    if (processed && processed_.revision != w.revision()) voxel_surface(w, &processed_);
    ViewInput in{state(), result(), layout()};
    in.backend = host_.backend();
    in.views = &views_;
    in.camera = &camera_;
    in.css_scale = css_scale;
    in.framebuffer_height = framebuffer_height;
    in.range = sources_.range_of(state());
    in.scale = sources_.scale_of(state());
    const LoadedVolume* shown = sources_.shown(state());
    in.preview_factor = shown ? shown->preview_factor : 1;
    in.explanation = &walker_.shown();
    in.processed = processed ? &processed_ : nullptr;
    in.labels = labels_shown();
    in.labels_revision = labels_revision();
    in.label_volume = in.labels ? &sources_.shown(state())->volume : nullptr;
    in.bricks = bricks_.marks();
    if (in.bricks && in.explanation->state == Explanation::State::Ready) {
        const Voxel v = in.explanation->voxel;
        in.brick_pyramid = bricks_.pyramid_of(in.bricks->brick_of(v.x, v.y, v.z));
    }
    return in;
}

const std::vector<LabelInfo>* DemoApp::labels_shown() const {
    return state().classify == Classify::Labels ? sources_.labels(state()) : nullptr;
}

std::uint64_t DemoApp::labels_revision() const {
    const LoadedVolume* v = sources_.shown(state());  // another volume: other labels, whatever their revision
    return v ? (v->generation << 32) + v->labels_revision : 0;
}

void DemoApp::draw_views(const Layout& l, int fb_height) {
    framebuffer_height_ = fb_height;
    shown_ = shown_views(l);
    const Backend* b = host_.backend();
    if (walker_.asking() && b && !b->views_read_frame()) shown_.volume = true;  // the WebGPU copies of the levels
    const std::vector<ViewEntry>& views = view_entries();
    const ViewHooks* hooks = view_hooks(state().view);
    const bool walks = hooks && hooks->walks_key;
    walker_.walk({state(), result(), host_.backend(), host_.views_serial(), host_.serial_base(), frames_.done()},
                 walks);  // not timed: it reads back at once
    timer_.begin(int(Pass::Display));
    host_.settings_buffer().write(state());  // what the views draw with
    ViewInput in = view_input(l.scale, fb_height);
    std::string problem;
    in.problem = &problem;
    for (std::size_t i = 0; i < views.size() && host_.backend(); ++i) {
        const Panel& p = l.panels[i];
        if (!l.shows(i)) continue;
        const PanelRect r{int(p.x * l.scale), fb_height - int((p.y + p.h) * l.scale), int(p.w * l.scale),
                          int(p.h * l.scale)};
        views[i].draw(in, r);
    }
    if (host_.backend()) host_.backend()->end_views(shown_.surface);
    if (problem != view_problem_ && !problem.empty()) message_ = problem;  // once, not every frame
    view_problem_ = problem;
    timer_.end(int(Pass::Display));
    timer_.end_frame();
}

}  // namespace hp

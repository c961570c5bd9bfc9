#include "demo_app.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "clock.h"
#include "reference_mesh.h"
#include "volume_atlas.h"
#include "view_registry.h"

namespace hp {
namespace {

// "name<TAB>value" lines from the page, at most `most` of them (others are ignored).
std::vector<std::pair<std::string, std::string>> tab_lines(const std::string& text, std::size_t most) {
    std::vector<std::pair<std::string, std::string>> out;
    std::size_t start = 0;
    while (start < text.size() && out.size() < most) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(start, end - start);
        const std::size_t tab = line.find('\t');
        if (tab != std::string::npos) out.emplace_back(line.substr(0, tab), line.substr(tab + 1));
        start = end + 1;
    }
    return out;
}

}  // namespace

const std::string& DemoApp::webgpu_unavailable() const {
    if (!webgpu_checked_) {
        webgpu_available(&webgpu_reason_);
        webgpu_checked_ = true;
    }
    return webgpu_reason_;
}

AtlasLayout DemoApp::layout_for(const DemoState& s) const {
    if (s.source == Source::Png && png_) return png_->layout;
    if (s.source == Source::File && file_) return file_layout_;
    return procedural_layout(s);
}

std::array<float, 2> DemoApp::range_of(const DemoState& s) const {
    if (s.source == Source::File && file_) return {file_->lo, file_->hi};
    return {0, 1};
}

std::array<float, 3> DemoApp::scale_of(const DemoState& s) const {
    if (s.source != Source::File || !file_) return {1, 1, 1};
    const auto& sp = file_->spacing;
    const double least = std::min({sp[0], sp[1], sp[2]});
    return {float(sp[0] / least), float(sp[1] / least), float(sp[2] / least)};
}

std::array<float, 3> DemoApp::view_box() const {
    const std::array<float, 3> s = scale_of(state_);
    return {float(layout_.dims[0]) * s[0], float(layout_.dims[1]) * s[1], float(layout_.dims[2]) * s[2]};
}

void DemoApp::set_samples(const std::string& lines) { samples_ = tab_lines(lines, 16); }

void DemoApp::set_file_presets(const std::string& lines) {
    std::vector<IsoPreset> presets;
    for (const auto& [name, value] : tab_lines(lines, 8)) {
        char* rest = nullptr;
        const float iso = std::strtof(value.c_str(), &rest);
        if (rest != value.c_str() && std::isfinite(iso)) presets.push_back({name.substr(0, 40), iso});
    }
    if (!presets.empty()) presets_ = std::move(presets);
}

void DemoApp::choose_source(Source s) {
    if (s == pending_.source) return;
    iso_of_source_[std::size_t(pending_.source)] = pending_.iso;
    pending_.source = s;
    pending_.iso = iso_of_source_[std::size_t(s)];
}

// Whether the modes of `s` can run an atlas of S² (atlas_limit); if not, *error is `what`
// followed by the limit and the way past it.
bool DemoApp::atlas_fits(const DemoState& s, int atlas, const std::string& what, std::string* error) const {
    const AtlasLimit limit = atlas_limit(s.pyramid, s.sums, max_texture_size_);
    if (atlas <= limit.atlas) return true;
    const std::string ways = limit.ways_for(atlas);
    *error = what + " larger than " + limit.what + " (" + std::to_string(limit.atlas) + "²)" + (ways.empty() ? "" : ": " + ways);
    return false;
}

bool DemoApp::init(std::string* error) {
    state_ = pending_;  // settings requested before the start (the URL's) count from frame 1
    timer_.init(kPassCount, timer_queries_);
    if (!views_.init(error) || !explain_pass_.init(error)) return false;
    return build_gpu(state_, error);
}

bool DemoApp::build_gpu(const DemoState& s, std::string* error) {
    const AtlasLayout layout = layout_for(s);
    if (!atlas_fits(s, layout.atlas, "a " + std::to_string(layout.atlas) + "² atlas is", error)) return false;
    // The old backend goes first: two at once would hold both pipelines' buffers (about
    // 0.8 GB in WebGPU at 4096²). If the new one cannot be built, the old one is built again.
    const bool had = backend_ != nullptr;
    drop_backend();
    backend_ = make_backend(layout, mode_of(s), error);
    if (!backend_) {
        std::string again;
        if (had && !(backend_ = make_backend(layout_, mode_, &again)))
            *error += "; the previous pipeline could not be rebuilt either: " + again;
        png_uploaded_ = file_uploaded_ = false;
        return false;
    }
    layout_ = layout;
    mode_ = mode_of(s);
    png_uploaded_ = file_uploaded_ = false;
    return true;
}

bool DemoApp::recreate_gpu(std::string* error) {
    timer_.init(kPassCount, timer_queries_);
    drop_backend();
    gpu_lost_ = false;
    if (!views_.init(error) || !explain_pass_.init(error)) return false;
    std::string why;
    if (is_webgpu(state_.pyramid) && !webgpu_available(&why)) leave_webgpu(why);  // lost with the GPU process
    return build_gpu(state_, error);
}

// The WebGPU device is gone: the WebGL2 scalar pyramid runs, and the mode chosen comes back
// by itself once the page has a device again (web/hp.js asks for one after a loss it did not
// cause).
void DemoApp::leave_webgpu(const std::string& why) {
    webgpu_reason_ = why;
    webgpu_checked_ = true;
    if (is_webgpu(state_.pyramid)) webgpu_wanted_ = state_.pyramid;
    message_ = why + "; back to the WebGL2 scalar pyramid until WebGPU returns";
    pending_.pyramid = state_.pyramid = Pyramid::Scalar;
    drop_backend();
}

// The pipeline built last did not fit after all (backend_->failed): the settings in effect
// before it come back, or, when it was the first, the WebGL2 scalar pyramid at 128³.
void DemoApp::undo_build(const std::string& why) {
    DemoState back = built_over_;
    if (!needs_rebuild(back)) {
        back = DemoState();
        back.source = state_.source == Source::File || state_.source == Source::Png ? Source::Metaballs : state_.source;
    }
    back.time = state_.time;
    drop_backend();
    state_ = pending_ = built_over_ = back;
    ++requested_serial_;
    std::string error;
    message_ = build_gpu(back, &error) ? why + "; the previous settings run again" : why + "; " + error;
}

// What the views read keeps counting across backends (views_serial()).
void DemoApp::drop_backend() {
    if (backend_) serial_base_ += backend_->shown_serial() + 1;
    backend_.reset();
}

void DemoApp::return_to_webgpu() {
    std::string why;
    if (!webgpu_wanted_ || !webgpu_available(&why)) return;
    webgpu_checked_ = false;
    pending_.pyramid = *webgpu_wanted_;
    message_ = std::string("WebGPU is back: ") + name_of(*webgpu_wanted_) + " again";
    webgpu_wanted_.reset();
    ++requested_serial_;
}

void DemoApp::abandon_gpu() {
    gpu_lost_ = true;
    if (backend_) backend_->abandon();
    views_.abandon();
    explain_pass_.abandon();
    timer_.abandon();
}

bool DemoApp::request(const std::string& settings, std::string* error) {
    DemoState next = pending_;
    const SettingsContext context = settings_context();
    std::istringstream in(settings);
    std::string pair;
    std::vector<std::string> given;
    while (std::getline(in, pair, '\n')) {
        if (pair.empty()) continue;
        const auto eq = pair.find('=');
        const std::string key = pair.substr(0, eq);
        const std::string value = eq == std::string::npos ? "" : pair.substr(eq + 1);
        if (!apply_setting(&next, key, value, context, error)) return false;
        given.push_back(key);
    }
    // A new source brings back its own iso unless the request gives one.
    std::array<float, kSourceNames.size()> isos = iso_of_source_;
    if (next.source != pending_.source && std::find(given.begin(), given.end(), "iso") == given.end()) {
        isos[std::size_t(pending_.source)] = pending_.iso;
        next.iso = isos[std::size_t(next.source)];
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
    const std::string what = next.source == Source::File   ? std::string("the file shown")
                             : next.source == Source::Png ? std::string("the PNG atlas")
                                                          : "volume=" + std::to_string(next.volume);
    if (!atlas_fits(next, atlas, what + " needs a " + std::to_string(atlas) + "² atlas,", error)) return false;
    if (!apply_limits(&next, context, given, error)) return false;
    pending_ = next;
    iso_of_source_ = isos;
    ++requested_serial_;
    return true;
}

bool DemoApp::load_volume(const std::uint8_t* data, std::size_t size, const VolumeOptions& options,
                          std::string* error, bool* opens_downsampled) {
    // Nothing larger than 512³ is opened (downsampled or not); a volume the modes in use cannot
    // hold is then refused by the atlas check below, which names the size and the ways out.
    VolumeOptions o = options;
    o.max_voxels = std::min(o.max_voxels, kMaxVolumeVoxels);
    const AtlasLimit limit = atlas_limit(pending_.pyramid, pending_.sums, max_texture_size_);
    // Refused at full size for its size (the voxel cap, or the atlas): does it open downsampled
    // by 2? Where the halved volume passes both, read from the header alone (nothing more is
    // decoded), the refusal says so and the page offers it.
    const auto refuse = [&](bool for_its_size) {
        VolumeOptions half = o;
        half.downsample = 2;
        std::array<int, 3> d{};
        AtlasLayout l;
        std::string unused;
        const bool opens = for_its_size && o.downsample == 1 && volume_dims(data, size, half, &d, &unused) &&
                           volume_layout({d[0] / 2, d[1] / 2, d[2] / 2}, limit, &l, &unused);
        if (opens)
            *error += "; downsampled by 2 (downsample: 2) it opens as " + std::to_string(d[0] / 2) + "×" +
                      std::to_string(d[1] / 2) + "×" + std::to_string(d[2] / 2);
        if (opens_downsampled) *opens_downsampled = opens;
        return false;
    };
    Volume loaded;
    if (!hp::load_volume(data, size, o, &loaded, error)) {
        // The voxel cap is the one refusal of the loader's that halving lifts.
        VolumeOptions uncapped = o;
        uncapped.max_voxels = std::uint64_t(1) << 62;
        std::array<int, 3> d{};
        std::string unused;
        return refuse(volume_dims(data, size, uncapped, &d, &unused) &&
                      std::uint64_t(d[0]) * std::uint64_t(d[1]) * std::uint64_t(d[2]) > o.max_voxels);
    }
    AtlasLayout layout;
    if (!volume_layout(loaded.dims, limit, &layout, error)) return refuse(true);
    if (opens_downsampled) *opens_downsampled = false;
    std::vector<IsoPreset> presets = iso_presets(loaded);
    file_ = std::move(loaded);  // the one copy kept (the one shown stays until this one has loaded)
    file_layout_ = layout;
    file_uploaded_ = false;
    file_name_ = options.name;
    presets_ = std::move(presets);
    histogram_.clear();
    for (std::uint32_t count : value_histogram(*file_, 96)) histogram_.push_back(std::log1p(float(count)));
    iso_of_source_[std::size_t(Source::File)] = presets_.empty() ? 0.5f * (file_->lo + file_->hi) : presets_[0].iso;
    choose_source(Source::File);
    pending_.iso = iso_of_source_[std::size_t(Source::File)];
    std::string unused;  // nothing was given: a limit only brings values within it
    apply_limits(&pending_, settings_context(), {}, &unused);
    ++requested_serial_;
    return true;
}

bool DemoApp::load_atlas(const std::uint8_t* data, std::size_t size, int tile, std::string* error) {
    PngAtlas loaded;
    if (!load_png_atlas(data, size, tile > 0 ? tile : png_tile_, max_texture_size_, &loaded, error))
        return false;
    png_ = std::move(loaded);
    png_uploaded_ = false;
    choose_source(Source::Png);
    std::string unused;  // nothing was given: a limit only brings values within it
    apply_limits(&pending_, settings_context(), {}, &unused);
    ++requested_serial_;
    return true;
}

// Applies the pending state; a layout or mode change re-creates the pipeline, and if that
// fails the previous state stays in effect.
bool DemoApp::needs_rebuild(const DemoState& s) const {
    const AtlasLayout want = layout_for(s);
    return mode_of(s) != mode_ || want.atlas != layout_.atlas || want.dims != layout_.dims;
}

void DemoApp::apply_pending() {
    if (needs_rebuild(pending_)) {
        built_over_ = state_;
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
    if (state_.source == Source::Png && png_ && !png_uploaded_ && backend_) {
        backend_->upload(*png_);
        png_uploaded_ = true;
    }
    if (state_.source != Source::Png) png_uploaded_ = false;
    if (state_.source == Source::File && file_ && !file_uploaded_ && backend_) {
        backend_->upload(*file_);
        file_uploaded_ = true;
    }
    if (state_.source != Source::File) file_uploaded_ = false;
}

void DemoApp::complete(const FrameResult& r) {
    result_ = r;
    ++frame_;
    done_serial_ = issued_serial_;
}

// One frame: collect what has arrived, then issue a frame unless the backend is still busy
// with earlier ones (a WebGPU sync frame completes only when its count arrives; a slow GPU's
// queue must not grow without bound). A backend whose device was lost gives way to the
// WebGL2 scalar pyramid.
bool DemoApp::compute(double dt_seconds) {
    std::string why;
    if (backend_ && !backend_->alive(&why)) leave_webgpu(why);
    if (backend_ && backend_->failed(&why)) undo_build(why);
    return_to_webgpu();
    if (!backend_) {
        std::string error;
        if (!build_gpu(pending_, &error)) {
            message_ = error;
            return false;
        }
    }
    timer_.begin_frame();
    FrameResult done;
    if (backend_->poll(&timer_, shown_, settings(), &done, &message_)) complete(done);
    if (backend_->busy()) return false;
    apply_pending();
    if (!backend_) return false;  // neither the new pipeline nor the old one could be built
    if (!state_.paused) {
        state_.time += dt_seconds;
        pending_.time = state_.time;
    }
    const double t0 = now_ms();
    FrameResult r;
    const bool final = backend_->run(settings(), &timer_, &r);
    compute_ms_ = now_ms() - t0;
    if (mesh_wanted_ > 0) --mesh_wanted_;
    if (final) complete(r);
    return true;
}

SettingsContext DemoApp::settings_context() const {
    return {view_names(), layout_, [this](const DemoState& s) { return layout_for(s); },
            [this](const DemoState& s) { return range_of(s); }, file_.has_value()};
}

ViewInput DemoApp::view_input(float css_scale, int framebuffer_height) {
    return {state_, result_, layout_, backend_.get(), &views_, &camera_, css_scale, framebuffer_height, nullptr,
            range_of(state_), scale_of(state_), &explanation_};
}

void DemoApp::ask_explain(std::uint32_t key) {
    asked_ = Explanation();
    asked_.key = key;
    asked_.state = Explanation::State::Pending;
    ask_from_ = views_serial() + 2;
}

// Walks `key` down the pyramid the views show (in the WebGPU modes, their copy of it; a scan's
// tiles for webgpu-scan). Pending while the views have nothing yet.
Explanation DemoApp::explain(std::uint32_t key) {
    Explanation e;
    e.key = key;
    e.state = Explanation::State::Pending;
    const ViewSources v = backend_ ? backend_->view_sources() : ViewSources();
    if (!v.volume || !v.pyramid) return e;
    std::string error;
    bool ok = true;
    if (v.pyramid->has_levels()) {
        ok = explain_pass_.walk(*v.pyramid, *v.volume, state_.classify, state_.iso, &e, &error);
    } else if (v.scan) {
        e.count = result_.count;
        e.scan = true;
        if (refuse_past_count(&e)) return e;
        e.place = scan_place(v.scan->starts, v.scan->size, key);
        ok = explain_pass_.find_in_tile(*v.pyramid, *v.volume, state_.classify, state_.iso, &e, &error);
        // The copy the views show is of an older frame than the count: its stream ends earlier.
        if (!ok && e.state == Explanation::State::Refused) return e;
    }
    if (!ok) {
        e.state = Explanation::State::Refused;
        e.error = "the walk failed: " + error;
    }
    return e;
}

void DemoApp::explain_frame() {
    const std::vector<ViewEntry>& views = view_entries();
    const bool shown = std::size_t(state_.view) < views.size() && views[std::size_t(state_.view)].walks_key;
    const std::uint32_t key = key_to_explain(state_.key, result_.count);
    // The walk reads back at once: walk again only when what it reads may have changed (the key,
    // a setting or the time, a load, a new backend) and for a few frames or copies after that
    // (a WebGPU copy arrives frames after its frame). A paused view costs nothing.
    const bool changed = walked_.key != key || walked_.settings != done_serial_ || walked_.base != serial_base_ ||
                         !same_settings(walked_.state, state_);
    if (changed) walked_ = {key, done_serial_, serial_base_, views_serial(), state_};
    const bool settled = views_serial() >= walked_.serial + 3;
    const bool have = explanation_.state == Explanation::State::Ready || explanation_.state == Explanation::State::Refused;
    if (!shown) {
        explanation_ = Explanation();
    } else if (changed || !settled || !have) {
        explanation_ = explain(key);
        // The middle of the stream: of the walk's own count where the frame's is not the
        // pyramid's (an expected count, a scan's copy of an older frame).
        if (state_.key < 0 && explanation_.state == Explanation::State::Refused && explanation_.count > 0 &&
            explanation_.key != explanation_.count / 2)
            explanation_ = explain(explanation_.count / 2);
    }
    if (asked_.state != Explanation::State::Pending || views_serial() < ask_from_) return;
    asked_ = shown && explanation_.key == asked_.key && settled ? explanation_ : explain(asked_.key);
}

int DemoApp::run_frames(int n, bool draw, bool mesh, int in_flight) {
    if (gpu_lost_) return 0;  // until the context is restored
    if (backend_) backend_->set_frames_in_flight(in_flight);
    int issued = 0;
    for (; issued < n; ++issued) {
        if (mesh) mesh_wanted_ = std::max(mesh_wanted_, 2);
        if (!compute(1.0 / 60.0)) break;  // busy (it took in what had arrived), or no pipeline
        if (draw) {
            draw_views(shown_layout_, framebuffer_height_);
        } else {
            shown_ = {false, false, false};
            timer_.end_frame();
        }
    }
    if (backend_ && in_flight == 0) backend_->set_frames_in_flight(0);
    shown_ = shown_views(shown_layout_);  // what the page's own frames show again
    return issued;
}

void DemoApp::collect() {
    FrameResult done;
    if (backend_ && backend_->poll(&timer_, shown_, settings(), &done, &message_)) complete(done);
    if (timer_.gpu()) timer_.collect();
}

void DemoApp::draw_views(const Layout& l, int fb_height) {
    framebuffer_height_ = fb_height;
    shown_ = shown_views(l);
    if (asked_.state == Explanation::State::Pending) shown_.volume = true;  // the WebGPU copies of the levels
    explain_frame();  // not timed: it reads back at once
    timer_.begin(int(Pass::Display));
    ViewInput in = view_input(l.scale, fb_height);
    std::string problem;
    in.problem = &problem;
    const std::vector<ViewEntry>& views = view_entries();
    for (std::size_t i = 0; i < views.size() && backend_; ++i) {
        const Panel& p = l.panels[i];
        if (!l.shows(i)) continue;
        const PanelRect r{int(p.x * l.scale), fb_height - int((p.y + p.h) * l.scale), int(p.w * l.scale),
                          int(p.h * l.scale)};
        views[i].draw(in, r);
    }
    if (backend_) backend_->end_views(shown_.surface);
    if (problem != view_problem_ && !problem.empty()) message_ = problem;  // once, not every frame
    view_problem_ = problem;
    timer_.end(int(Pass::Display));
    timer_.end_frame();
}

MeshCopy DemoApp::mesh(std::uint32_t limit) { return backend_ ? backend_->read_mesh(result_, limit) : MeshCopy{}; }

MeshCopy DemoApp::reference_mesh_of(const float* atlas, std::uint32_t limit) const {
    const MeshData r = hp::reference_mesh(layout_, atlas, state_.iso, limit);
    return {r.vertices, r.positions, r.normals};
}

MeshCopy DemoApp::reference_mesh(std::uint32_t limit) const {
    const std::vector<float> atlas = backend_ ? backend_->read_atlas() : std::vector<float>();
    if (atlas.empty()) return {};
    return reference_mesh_of(atlas.data(), limit);
}

std::vector<std::uint8_t> DemoApp::export_mesh(MeshFile type, bool closed, const float* atlas,
                                               std::string* error) const {
    const bool file = state_.source == Source::File && file_;
    std::vector<float> values;  // the voxels, x fastest, when they are not the file's own
    const std::array<int, 3> dims = layout_.dims;
    if (!file) {
        std::vector<float> read;
        if (!atlas) read = backend_ ? backend_->read_atlas() : std::vector<float>();
        if (!atlas && read.empty()) return *error = "the volume could not be read back", std::vector<std::uint8_t>();
        const float* a = atlas ? atlas : read.data();
        values.resize(std::size_t(layout_.voxel_count()));
        for (int z = 0; z < dims[2]; ++z)
            for (int y = 0; y < dims[1]; ++y)
                for (int x = 0; x < dims[0]; ++x)
                    values[std::size_t(x) + std::size_t(dims[0]) * (std::size_t(y) + std::size_t(dims[1]) * std::size_t(z))] =
                        atlas_value(layout_, a, {x, y, z});
    }
    return hp::export_mesh(volume_mesh(file ? file_->values.data() : values.data(), dims, state_.iso, closed), type,
                           mesh_world(), error);
}

// Mesh files are written in LPS, as 3D Slicer reads them (and as NRRD and MetaImage scans
// mostly are): a RAS frame (NIfTI) turns x and y around. A procedural volume's world is its grid.
std::array<double, 12> DemoApp::mesh_world() const {
    std::array<double, 12> to_world{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};
    const bool file = state_.source == Source::File && file_;
    if (file) to_world = file_->to_world;
    if (file && file_->space == "RAS")
        for (std::size_t i = 0; i < 8; ++i) to_world[i] = -to_world[i];
    return to_world;
}

std::vector<std::uint8_t> DemoApp::export_indexed(const IndexedMesh& mesh, MeshFile type, std::string* error) const {
    return hp::export_mesh(mesh, type, mesh_world(), error);
}

std::vector<float> DemoApp::stream(std::uint32_t limit) const {
    return backend_ ? backend_->read_stream(std::min(limit, result_.count)) : std::vector<float>();
}

std::vector<StreamEntry> DemoApp::reference(std::uint32_t limit) const {
    const std::vector<float> atlas = backend_ ? backend_->read_atlas() : std::vector<float>();
    if (atlas.empty()) return {};
    return reference_of(atlas.data(), limit);
}

std::vector<StreamEntry> DemoApp::reference_of(const float* atlas, std::uint32_t limit) const {
    return reference_stream(layout_, atlas, state_.classify, state_.iso, limit);
}

}  // namespace hp

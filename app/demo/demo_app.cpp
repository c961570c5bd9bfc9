#include "demo_app.h"

#include <chrono>
#include <sstream>

#include "overlay.h"

namespace hp {

namespace {
double now_ms() {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

AtlasLayout DemoApp::layout_for(const DemoState& s) const {
    if (s.source == Source::Png && png_) return png_->layout;
    return procedural_layout(s);
}

bool DemoApp::init(std::string* error) {
    state_ = pending_;  // settings requested before the start (the URL's) count from frame 1
    timer_.init(int(Pass::Count_), timer_queries_);
    if (!views_.init(error)) return false;
    return build_gpu(state_, error);
}

bool DemoApp::build_gpu(const DemoState& s, std::string* error) {
    const AtlasLayout layout = layout_for(s);
    if (layout.atlas > max_texture_size_) {
        *error = "a " + std::to_string(layout.atlas) + "² atlas is larger than this GPU's largest texture (" +
                 std::to_string(max_texture_size_) + "²)";
        return false;
    }
    VolumeCompaction next;
    if (!next.init(layout, mode_of(s), error)) return false;
    gpu_ = std::move(next);
    png_uploaded_ = false;
    return true;
}

bool DemoApp::recreate_gpu(std::string* error) {
    timer_.init(int(Pass::Count_), timer_queries_);
    return views_.init(error) && build_gpu(state_, error);
}

void DemoApp::abandon_gpu() {
    gpu_.abandon();
    views_.abandon();
    timer_.abandon();
}

bool DemoApp::request(const std::string& settings, std::string* error) {
    DemoState next = pending_;
    std::istringstream in(settings);
    std::string pair;
    while (std::getline(in, pair, '\n')) {
        if (pair.empty()) continue;
        const auto eq = pair.find('=');
        const std::string key = pair.substr(0, eq);
        const std::string value = eq == std::string::npos ? "" : pair.substr(eq + 1);
        if (!apply_setting(&next, key, value, error)) return false;
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
    pending_ = next;
    return true;
}

bool DemoApp::load_atlas(const std::uint8_t* data, std::size_t size, int tile, std::string* error) {
    PngAtlas loaded;
    if (!load_png_atlas(data, size, tile > 0 ? tile : png_tile_, max_texture_size_, &loaded, error))
        return false;
    png_ = std::move(loaded);
    png_uploaded_ = false;
    pending_.source = Source::Png;
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
    return f;
}

void DemoApp::compute(double dt_seconds) {
    // Apply the pending state; a layout or pyramid change re-creates the pipeline, and if
    // that fails the previous state stays in effect.
    const AtlasLayout want = layout_for(pending_);
    if (mode_of(pending_) != gpu_.mode() || want.atlas != layout().atlas || want.volume != layout().volume) {
        std::string error;
        if (!build_gpu(pending_, &error)) {
            message_ = error;
            pending_ = state_;
        }
    }
    state_ = pending_;
    if (state_.source == Source::Png && png_ && !png_uploaded_) {
        gpu_.volume().upload(*png_);
        png_uploaded_ = true;
    }
    if (state_.source != Source::Png) png_uploaded_ = false;
    if (!state_.paused) {
        state_.time += dt_seconds;
        pending_.time = state_.time;
    }
    timer_.begin_frame();
    const double t0 = now_ms();
    result_ = gpu_.run(settings(), &timer_);
    compute_ms_ = now_ms() - t0;
    ++frame_;
}

void DemoApp::draw_views(const Layout& l, int fb_height) {
    timer_.begin(int(Pass::Display));
    auto gl_rect = [&](const Panel& p) {
        return PanelRect{int(p.x * l.scale), fb_height - int((p.y + p.h) * l.scale), int(p.w * l.scale),
                         int(p.h * l.scale)};
    };
    if (l.slices.w > 0) views_.slices(gl_rect(l.slices), gpu_.volume(), state_.iso);
    if (l.pyramid.w > 0) views_.pyramid(gl_rect(l.pyramid), gpu_.volume().base(), gpu_.compactor());
    if (l.stream.w > 0) views_.stream(gl_rect(l.stream), gpu_.compactor(), result_.count, layout().volume);
    timer_.end(int(Pass::Display));
    timer_.end_frame();
}

std::vector<float> DemoApp::stream(std::uint32_t limit) const {
    return gpu_.compactor().read_stream(std::min(limit, result_.count));
}

std::vector<StreamEntry> DemoApp::reference(std::uint32_t limit) const {
    const std::vector<float> atlas = gpu_.volume().read_atlas();
    return reference_stream(layout(), atlas.data(), state_.classify, state_.iso, limit);
}

}  // namespace hp

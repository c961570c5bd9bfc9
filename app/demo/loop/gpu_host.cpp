#include "gpu_host.h"

namespace hp {

// Asked of the page each time: a device lost and got again changes it between two frames
// (a reason kept from a loss outlived the device that came back, and refused its modes).
const std::string& GpuHost::webgpu_unavailable() const {
    webgpu_reason_.clear();
    if (webgpu_available(&webgpu_reason_)) webgpu_reason_.clear();
    return webgpu_reason_;
}

bool GpuHost::atlas_fits(const DemoState& s, int atlas, const std::string& what, std::string* error) const {
    const AtlasLimit l = limit(s);
    if (atlas <= l.atlas) return true;
    const std::string ways = l.ways_for(atlas);
    *error = what + " larger than " + l.what + " (" + std::to_string(l.atlas) + "²)" + (ways.empty() ? "" : ": " + ways);
    return false;
}

bool GpuHost::build(const DemoState& s, const Sources& sources, std::string* error) {
    const AtlasLayout layout = sources.layout_for(s);
    if (!atlas_fits(s, layout.atlas, "a " + std::to_string(layout.atlas) + "² atlas is", error)) return false;
    // The old backend goes first: two at once would hold both pipelines' buffers (about
    // 0.8 GB in WebGPU at 4096²). If the new one cannot be built, the old one is built again.
    const bool had = backend_ != nullptr;
    drop();
    backend_ = make_backend(layout, mode_of(s), error);
    uploaded_ = 0;
    ++inputs_serial_;
    if (!backend_) {
        std::string again;
        if (had && !(backend_ = make_backend(layout_, mode_, &again)))
            *error += "; the previous pipeline could not be rebuilt either: " + again;
        return false;
    }
    layout_ = layout;
    mode_ = mode_of(s);
    return true;
}

// What the views read keeps counting across backends (views_serial()).
void GpuHost::drop() {
    if (backend_) serial_base_ += backend_->shown_serial() + 1;
    backend_.reset();
}

// A lost device gives way to the WebGL2 scalar pyramid; a pipeline that did not fit is undone.
bool GpuHost::ready(FrameScheduler* frames, const Sources& sources, std::string* message) {
    std::string why;
    // The wish ends when its mode runs, or when another mode is asked for since (a person's
    // later choice is not overridden by a device that comes back).
    const Pyramid asked = frames->pending().pyramid;
    if (webgpu_wanted_ && ((backend_ && frames->state().pyramid == *webgpu_wanted_) ||
                           (asked != frames->state().pyramid && asked != *webgpu_wanted_)))
        webgpu_wanted_.reset();
    if (backend_ && !backend_->alive(&why)) leave_webgpu(frames, why, message);
    // A WebGPU mode asked for while the device was there, and lost before it was built (a
    // slow machine's next frame comes after the loss): it is wanted back, as if it had run.
    if (is_webgpu(frames->pending().pyramid) && !webgpu_available(&why)) {
        webgpu_wanted_ = frames->pending().pyramid;
        webgpu_tried_on_ = 0;
        frames->pending().pyramid = Pyramid::Scalar;
        *message = why + "; the WebGL2 scalar pyramid runs until WebGPU returns";
    }
    if (backend_ && backend_->failed(&why)) undo_build(frames, sources, why, message);
    return_to_webgpu(frames, message);
    if (!backend_ && !build(frames->pending(), sources, message)) return false;
    return true;
}

// The WebGPU device is gone: the WebGL2 scalar pyramid runs, and the mode chosen comes back
// by itself once the page has a device again (web/gpu_device.js asks for one after a loss it did not
// cause).
void GpuHost::leave_webgpu(FrameScheduler* frames, const std::string& why, std::string* message) {
    if (is_webgpu(frames->state().pyramid)) webgpu_wanted_ = frames->state().pyramid;
    webgpu_tried_on_ = 0;
    *message = why + "; back to the WebGL2 scalar pyramid until WebGPU returns";
    frames->fall_back(Pyramid::Scalar);
    drop();
}

// Tried once a device: the wish is kept until the mode runs (ready()), so that a build that
// fails on a device lost meanwhile (a GPU process that crashes again while it comes back, on a
// slow machine) is tried again on the next device, and one that fails for good is not retried.
void GpuHost::return_to_webgpu(FrameScheduler* frames, std::string* message) {
    std::string why;
    if (!webgpu_wanted_ || !webgpu_available(&why) || webgpu_device_serial() == webgpu_tried_on_) return;
    webgpu_tried_on_ = webgpu_device_serial();
    frames->pending().pyramid = *webgpu_wanted_;
    *message = std::string("WebGPU is back: ") + name_of(*webgpu_wanted_) + " again";
    frames->requested();
}

// The pipeline built last did not fit after all (Backend::failed): the settings in effect
// before it come back, or, when it was the first, the WebGL2 scalar pyramid at 128³.
void GpuHost::undo_build(FrameScheduler* frames, const Sources& sources, const std::string& why,
                         std::string* message) {
    DemoState back = frames->built_over();
    if (!sources.can_show(back.source)) back = procedural(back, sources);
    if (!needs_rebuild(back, sources)) {
        back = DemoState();
        back.source = is_procedural(frames->state().source) ? frames->state().source : Source::Metaballs;
    }
    back.time = frames->state().time;
    drop();
    frames->replace(back);
    frames->built_over(back);
    std::string error;
    *message = build(back, sources, &error) ? why + "; the previous settings run again" : why + "; " + error;
}

// `s` on the metaballs, at their iso: where the loaded volume it showed is gone.
DemoState GpuHost::procedural(const DemoState& s, const Sources& sources) {
    DemoState p = s;
    p.source = Source::Metaballs;
    p.iso = sources.iso_of(Source::Metaballs);
    return p;
}

bool GpuHost::needs_rebuild(const DemoState& s, const Sources& sources) const {
    const AtlasLayout want = sources.layout_for(s);
    return mode_of(s) != mode_ || want.atlas != layout_.atlas || want.dims != layout_.dims;
}

void GpuHost::apply(FrameScheduler* frames, const Sources& sources, std::string* message, bool* new_timings) {
    if (needs_rebuild(frames->pending(), sources)) {
        frames->built_over(frames->state());
        std::string error;
        if (!build(frames->pending(), sources, &error)) {
            // A WebGPU mode whose build failed is tried again on the next device, if one comes
            // (the failure may be the device's loss, not yet seen), never on this one.
            if (is_webgpu(frames->pending().pyramid)) {
                webgpu_wanted_ = frames->pending().pyramid;
                webgpu_tried_on_ = webgpu_device_serial();
            }
            *message = error;
            frames->keep();
            // The volume that was shown was replaced by the one that could not be built for.
            if (!sources.can_show(frames->state().source)) frames->replace(procedural(frames->state(), sources));
        }
    }
    *new_timings = frames->apply();
    const LoadedVolume* v = sources.values_shown(frames->state());
    const bool fits = v && v->layout.atlas == layout_.atlas && v->layout.dims == layout_.dims;  // the pipeline's own
    if (fits && backend_ && uploaded_ != v->generation) {
        backend_->upload(v->atlas_volume());
        uploaded_ = v->generation;
        ++inputs_serial_;
    }
    if (!v) uploaded_ = 0;
}

void GpuHost::abandon() {
    gpu_lost_ = true;
    if (backend_) backend_->abandon();
    settings_buffer_.abandon();
}

bool GpuHost::recreate(FrameScheduler* frames, const Sources& sources, std::string* message, std::string* error) {
    drop();
    gpu_lost_ = false;
    std::string why;
    if (is_webgpu(frames->state().pyramid) && !webgpu_available(&why)) leave_webgpu(frames, why, message);  // lost with the GPU process
    return build(frames->state(), sources, error);
}

}  // namespace hp

// The frames: the state the user asked for (pending) and the one in effect (state), the
// serials that tell the page when a request has run, and the results of completed frames. A
// request is parsed by the settings table and applied at the start of the next frame, all or
// nothing. Nothing here knows the GPU: the app asks it what to run and tells it what completed.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "frame.h"
#include "settings.h"
#include "sources.h"

namespace hp {

class FrameScheduler {
public:
    // "name=value" lines, as in the URL ("pyramid=vec4\niso=0.4"), onto the pending state: each
    // by the settings table, a new source bringing back its own iso (`sources`), then `check`
    // (what only the app knows: WebGPU, the atlas the GPU holds), then the table's limits. An
    // error leaves everything as it was.
    bool request(const std::string& settings, const SettingsContext& context, Sources* sources,
                 const std::function<bool(const DemoState&, std::string*)>& check, std::string* error);
    // Every setting that changes outside a request (a load, a control, the GPU host's fallback)
    // counts as one: the page waits for a frame that ran it.
    DemoState& pending() { return pending_; }
    const DemoState& pending() const { return pending_; }
    void requested() { ++requested_; }

    // The first frame runs what was asked before the start (the URL's settings).
    void start() { state_ = pending_; }
    // The pending state takes effect for the frame about to be issued; true when the per-pass
    // timings measure something else from now on.
    bool apply();
    // The pending state could not be built: what was in effect stays.
    void keep() { pending_ = state_; }
    // Both states replaced at once (a failed build undone), as a request. built_over(): the
    // state the last pipeline was built over (what undoing a build returns to).
    void replace(const DemoState& s);
    // Both states' pyramid at once (the WebGPU device lost), no new serial.
    void fall_back(Pyramid p) { state_.pyramid = pending_.pyramid = p; }
    void built_over(const DemoState& s) { built_over_ = s; }
    const DemoState& built_over() const { return built_over_; }
    void advance(double dt_seconds);
    void complete(const FrameResult& r);

    // The surface stages for reads even where no view shows the surface, for a few frames.
    void want_mesh(int frames) { mesh_wanted_ = frames > mesh_wanted_ ? frames : mesh_wanted_; }
    void issued() { if (mesh_wanted_ > 0) --mesh_wanted_; }
    bool mesh_wanted() const { return mesh_wanted_ > 0; }
    // range: the source's values' lowest and highest (Sources::range_of).
    FrameSettings settings(bool surface_shown, const std::array<float, 2>& range) const {
        return frame_settings(state_, surface_shown, mesh_wanted_ > 0, range);
    }

    const DemoState& state() const { return state_; }
    const FrameResult& result() const { return result_; }
    // Frames whose results are complete (a WebGPU sync frame completes when its count arrives).
    std::uint64_t frame() const { return frame_; }
    // Each accepted request gets a serial; done() is the newest one a completed frame ran with.
    std::uint64_t requested_serial() const { return requested_; }
    std::uint64_t done() const { return done_; }

private:
    DemoState state_, pending_;
    DemoState built_over_;  // the state in effect before the last pipeline was built
    std::uint64_t requested_ = 0, issued_ = 0, done_ = 0;
    FrameResult result_;
    std::uint64_t frame_ = 0;
    int mesh_wanted_ = 0;  // frames left that run the surface stages for a read
};

}  // namespace hp

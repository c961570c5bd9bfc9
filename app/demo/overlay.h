// The Dear ImGui overlay: the control panel (editing the demo's pending state) and the panel
// layout of the views (app/demo/view_registry.h lists them, with their captions).
#pragma once

#include "demo_app.h"
#include "view_registry.h"

namespace hp {

// Where the views go on a canvas of css_w × css_h CSS pixels: right of the control panel
// when the overlay is shown, each view as large as its shape allows.
Layout compute_layout(const DemoState& s, float css_w, float css_h, float scale);

struct OverlayActions {
    bool open_file = false;    // the user asked to pick a PNG atlas
    bool load_sample = false;  // ... or to load the one the demo ships
    bool save_mesh = false;    // the surface as a PLY download
};

// The wall-clock intervals between the last frames, for the frame-time plot.
struct FrameHistory {
    static constexpr int kFrames = 300;
    float ms[kFrames] = {};
    int next = 0;  // the oldest entry, where the next one goes
    void add(float interval_ms) {
        ms[next] = interval_ms;
        next = (next + 1) % kFrames;
    }
    float latest() const { return ms[(next + kFrames - 1) % kFrames]; }
};

// Draws the controls and the legends for this frame; call between ImGui::NewFrame and Render.
OverlayActions draw_overlay(DemoApp& app, const Layout& layout, const FrameHistory& history);

}  // namespace hp

// The Dear ImGui overlay: the control panel (editing the demo's pending state), the panel
// layout of the three views, and each view's caption and legend.
#pragma once

#include "demo_app.h"

namespace hp {

struct Panel { float x = 0, y = 0, w = 0, h = 0; };  // CSS pixels, origin at the top left

struct Layout {
    float scale = 1;      // framebuffer pixels per CSS pixel
    Panel slices, pyramid, stream;  // w == 0: not shown
};

// Where the views go on a canvas of css_w × css_h CSS pixels: right of the control panel
// when the overlay is shown, each view as large as its shape allows.
Layout compute_layout(const DemoState& s, float css_w, float css_h, float scale);

struct OverlayActions {
    bool open_file = false;    // the user asked to pick a PNG atlas
    bool load_sample = false;  // ... or to load the one the demo ships
};

// Draws the controls and the legends for this frame; call between ImGui::NewFrame and Render.
OverlayActions draw_overlay(DemoApp& app, const Layout& layout, double frame_interval_ms);

}  // namespace hp

// The Dear ImGui overlay: the control panel, drawn from the settings table (app/core/settings/settings.h)
// and editing the demo's pending state, and the views' captions (app/demo/views/view_registry.h).
#pragma once

#include <string>

#include "demo_app.h"
#include "view_registry.h"

namespace hp {

struct OverlayActions {
    bool open_file = false;    // the user asked to pick a file (a volume or a PNG atlas)
    std::string load_sample;   // ... or to load a sample, by name
    bool open_folder = false;  // ... or to pick a folder (of DICOM files)
    std::string open_series;   // ... or to open another series of the DICOM files read last, by UID
    bool show_labels = false;  // classify=labels: show these labels (all where empty)
    std::vector<float> labels_shown;
    bool save_mesh = false;    // the processed mesh as a download,
    MeshFile mesh_file = MeshFile::Ply;  // ... in this format
    Panel controls;                      // where the control panel was drawn (w == 0: collapsed or hidden)
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

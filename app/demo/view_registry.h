// The demo's views, one entry each: its panel's shape, what it draws (GL, into its panel) and
// its caption and legend (ImGui, above the panel). The layout ("all" or one view alone), the
// overlay's view list and the frame's drawing all read this table: a new view is one entry.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "demo_state.h"
#include "surface_view.h"

namespace hp {

class DemoApp;

struct Panel { float x = 0, y = 0, w = 0, h = 0; };  // CSS pixels, origin at the top left

struct ViewEntry {
    View view;
    float aspect;  // the panel's width / height
    void (*draw)(DemoApp& app, PanelRect r);
    void (*caption)(const DemoApp& app, const Panel& p);
};

// In the order "all" lays them out.
inline constexpr int kPanelViews = 4;
const std::array<ViewEntry, kPanelViews>& view_entries();
int panel_index(View v);  // the entry of a view; -1 for all and none

struct Layout {
    float scale = 1;  // framebuffer pixels per CSS pixel
    std::array<Panel, kPanelViews> panels{};  // by entry; w == 0: not shown
    const Panel& panel(View v) const { return panels[std::size_t(panel_index(v))]; }
    bool shows(View v) const { return panel(v).w > 0; }
};

// Layout constants shared by the overlay and the captions, CSS pixels.
constexpr float kControlsWidth = 390;  // the control panel
constexpr float kMargin = 10;
constexpr float kCaption = 38;         // room above each view for its caption and legend

std::string with_thousands(std::uint64_t v);

}  // namespace hp

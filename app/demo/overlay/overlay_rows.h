// The overlay's settings rows (app/demo/overlay/overlay.cpp draws the panel around them): each
// row of the settings table as its type draws it, or with a layout of its own (the pyramids,
// the source, iso, ...). Internal to the overlay.
#pragma once

#include "demo_app.h"
#include "overlay.h"

namespace hp {

// What the controls edit and read: the pending state (applied at the next frame), the last
// frame's, and what the user asked for besides settings.
struct Controls {
    DemoApp& app;
    DemoState& s;
    const SettingsContext context;
    OverlayActions* actions;
};

// Every setting the overlay shows, in the table's order.
void setting_rows(const Controls& c);

// What the rows' files share (overlay_rows.cpp: the generic rows and the table of the others;
// overlay_source_rows.cpp: the source; overlay_mesh_rows.cpp: the mesh and the labels).
void row_title(const char* label);  // a row's title, its control to the right of it
void tooltip(const char* help);     // help (if any) as the tooltip of the item drawn last
void source_row(const Controls& c, const Setting& row);
void mesh_after(const Controls& c);
void labels_after(const Controls& c);

}  // namespace hp

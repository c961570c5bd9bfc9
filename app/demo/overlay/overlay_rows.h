// The overlay's settings rows (app/demo/overlay.cpp draws the panel around them): each row of
// the settings table as its type draws it, or with a layout of its own (the pyramids, the
// source, iso, ...). Internal to the overlay.
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

}  // namespace hp

// The bridge between the demo and its page: window.hp calls, through web/bridge.js, the exported
// functions, grouped by part: web_api.cpp (settings, stats, frames, the Explain walk),
// web_load.cpp (volumes and atlases), web_reads.cpp (the read-back tickets), web_labels.cpp
// (a label map's labels and table) and, for the tests alone, web_test_api.cpp; the app calls
// these to reach the page.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

namespace hp {

class DemoApp;

void web_bind(DemoApp* app);
DemoApp* web_app();  // the app the exports act on (web_api.cpp, web_load.cpp, web_reads.cpp)
// The string an export hands back to JavaScript: the page copies it before its next call.
std::string& web_reply();
inline const char* web_reply(std::string text) { return (web_reply() = std::move(text)).c_str(); }
// The app's one way to the page: an event, its name and its JSON (web/bridge.js's on(name, fn) gets
// the value parsed). The events: "frame" (the frames completed, a number), "message" (a text
// shown on the page as text, never as HTML), "fail" (the demo cannot run: why; hp.ready
// rejects), "openFile" and "openFolder" (the page's pickers), "openSeries" (a UID: another series
// of the DICOM files read last), "loadSample" (a sample's name: hp.samples()), "saveMesh" (ply,
// stl, glb, obj: the processed mesh as a download).
void web_event(const char* name, const std::string& json = "null");

}  // namespace hp

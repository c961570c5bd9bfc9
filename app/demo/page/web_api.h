// The bridge between the demo and its page: window.hp calls, through web/bridge.js, the exported
// functions, grouped by part: web_api.cpp (settings, stats, frames, the Explain walk),
// web_load.cpp (volumes and atlases), web_reads.cpp (the read-back tickets), web_labels.cpp
// (a label map's labels and table) and, for the tests alone, web_test_api.cpp; the app calls
// these to reach the page.
#pragma once

#include <cstdint>
#include <string>

namespace hp {

class DemoApp;

void web_bind(DemoApp* app);
DemoApp* web_app();  // the app the exports act on (web_api.cpp, web_load.cpp, web_reads.cpp)
void web_show_message(const std::string& text);  // shown on the page as text, never as HTML
void web_fail(const std::string& text);          // the demo cannot run: say why, reject hp.ready
void web_open_file_dialog();
void web_open_folder_dialog();
void web_open_series(const std::string& uid);  // another series of the DICOM files read last
void web_load_sample(const std::string& name);   // a sample by name (hp.samples(): the phantom, scans)
void web_save_mesh(const char* type);  // the processed mesh as a download (ply, stl, glb, obj)
void web_frame_done(std::uint64_t frame);

}  // namespace hp

#include "overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <string>

#include "overlay_rows.h"
#include "view_crop.h"

namespace hp {
namespace {

// The count of the last frame, and how it was obtained.
void count_rows(const DemoApp& app) {
    const AtlasLayout& al = app.layout();
    const FrameResult& r = app.result();
    const double pct = 100.0 * double(r.count) / double(al.texel_count());
    ImGui::Text("Active: %s", with_thousands(r.count).c_str());
    ImGui::TextDisabled("%.3f%% of %s texels", pct, with_thousands(std::uint64_t(al.texel_count())).c_str());
    ImGui::TextDisabled("%s", r.count_read                                  ? "count read back this frame (exact)"
                              : app.state().readback == Readback::Async ? "newest count read back (async)"
                                                                        : "expected count: not read back");
}

// Per-pass times (GPU timer queries, or CPU-side when the browser has none) and the
// frame-time plot. Hidden with clock=fixed, where nothing drawn may depend on the clock.
void timings(const DemoApp& app, const FrameHistory& history) {
    const GpuTimer& t = app.timer();
    ImGui::Text("Pass times in ms, median of %d frames", t.samples(int(Pass::Reduce)));
    const Timing timing = app.timing();
    ImGui::TextDisabled("%s", timing == Timing::Cpu          ? "CPU side (no timer queries here): issue cost only"
                              : timing == Timing::None       ? "no timestamp-query on this adapter: no pass times"
                              : timing == Timing::Timestamps ? "WebGPU timestamp queries"
                                                             : "GPU timer queries");
    if (ImGui::BeginTable("passes", 2, ImGuiTableFlags_SizingStretchSame)) {
        double total = 0;
        for (int p = 0; p < kPassCount; ++p) {
            if (t.samples(p) == 0) continue;  // not timed in this mode (compaction: timestamps=whole)
            const double ms = t.median_ms(p);
            total += ms;
            ImGui::TableNextColumn();
            ImGui::Text("%-9s %8.3f", name_of(Pass(p)), ms);
        }
        ImGui::TableNextColumn();
        ImGui::Text("%-9s %8.3f", "sum", total);
        ImGui::EndTable();
    }
    ImGui::Text("Compute %.1f ms on the CPU clock", app.compute_ms());
    char label[48];
    std::snprintf(label, sizeof label, "frame %.1f ms", history.latest());
    ImGui::PlotLines("##frames", history.ms, FrameHistory::kFrames, history.next, label, 0.0f, FLT_MAX,
                     {ImGui::GetContentRegionAvail().x, 48});
}

// Timings (or why there are none) and the last problem, in words.
void footer(DemoApp& app, const FrameHistory& history) {
    if (app.state().clock == Clock::Wall) timings(app, history);
    else ImGui::TextDisabled("clock=fixed: 1/60 s a frame, no timings");
    ImGui::TextDisabled("H hides this overlay");
    if (app.message().empty()) return;
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 120, 110, 255));
    ImGui::TextWrapped("%s", app.message().c_str());
    ImGui::PopStyleColor();
    if (ImGui::SmallButton("Dismiss")) app.set_message("");
}

}  // namespace

OverlayActions draw_overlay(DemoApp& app, const Layout& layout, const FrameHistory& history) {
    OverlayActions actions;
    if (!app.state().overlay) return actions;
    const std::vector<ViewEntry>& views = view_entries();
    const ViewInput in = app.view_input(layout.scale, 0);
    for (std::size_t i = 0; i < views.size(); ++i)
        if (layout.shows(i)) views[i].caption(in, layout.panels[i]);
    crop_marks(in, layout);
    const ViewHooks* chosen = view_hooks(app.state().view);
    if (chosen && chosen->marks) chosen->marks(in, layout);

    // On a narrow canvas (a phone) the panel starts closed: one bar-wide button over the views
    // opens it; a tap on its title bar closes it again.
    static bool open_narrow = false;
    const char* title = "Histopyramid stream compaction";
    const float width = kControlsWidth - 2 * kMargin;
    ImGui::SetNextWindowPos({kMargin, kMargin}, ImGuiCond_Always);
    if (layout.narrow && !open_narrow) {
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {0, 0});
        ImGui::Begin("##controls", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                                                ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove);
        ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, {0.0f, 0.5f});
        open_narrow = ImGui::Button((std::string("+ ") + title + ": controls").c_str(), {width, kTitleBar - 8});
        ImGui::PopStyleVar();
        ImGui::End();
        ImGui::PopStyleVar();
        return actions;
    }
    ImGui::SetNextWindowSize({width, 0}, ImGuiCond_Always);
    // As tall as its rows, at most the window less its margins (then it scrolls).
    const float tallest = std::max(ImGui::GetIO().DisplaySize.y - 2 * kMargin, 100.0f);
    ImGui::SetNextWindowSizeConstraints({width, 0}, {width, tallest});
    ImGui::Begin(title, nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    actions.controls = {at.x, at.y, size.x, size.y};
    if (layout.narrow && ImGui::IsMouseClicked(0) &&
        ImGui::IsMouseHoveringRect(at, {at.x + size.x, at.y + ImGui::GetFrameHeight()}, false))
        open_narrow = false;
    count_rows(app);
    ImGui::Separator();
    if (chosen && chosen->controls) {  // a view with controls of its own: they come first
        chosen->controls(in, &app.pending());
        ImGui::Separator();
    }
    setting_rows({app, app.pending(), app.settings_context(), &actions});
    ImGui::Separator();
    footer(app, history);
    ImGui::End();
    return actions;
}

}  // namespace hp

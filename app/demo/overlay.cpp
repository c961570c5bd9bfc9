#include "overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

namespace hp {
namespace {


// Lays views of the given aspect ratios (width/height) out in a row inside a box, each with
// `caption` pixels above it; returns the height unit that fits.
float row_unit(float w, float h, float total_aspect, int count, float caption) {
    return std::max(0.0f, std::min((w - kMargin * float(count - 1)) / total_aspect, h - caption));
}

template <typename E>
bool radio_row(const char* label, E* value, std::initializer_list<E> options) {
    bool changed = false;
    ImGui::TextUnformatted(label);
    for (E o : options) {
        ImGui::SameLine(o == *options.begin() ? 110.0f : 0.0f);
        if (ImGui::RadioButton(name_of(o), *value == o)) *value = o, changed = true;
    }
    return changed;
}

}  // namespace

Layout compute_layout(const DemoState& s, float css_w, float css_h, float scale) {
    Layout l;
    l.scale = scale;
    const float cap = s.overlay ? kCaption : 0;  // captions are part of the overlay
    const float x0 = (s.overlay ? kControlsWidth : 0) + kMargin;
    const float w = css_w - x0 - kMargin, h = css_h - 2 * kMargin;
    if (w <= 0 || h <= 0 || s.view == View::None) return l;
    const auto& views = view_entries();
    auto place = [&](int i, float x, float y, float unit) {
        l.panels[std::size_t(i)] = {x, y + cap, unit * views[std::size_t(i)].aspect, unit};
    };
    if (s.view != View::All) {
        const int i = panel_index(s.view);
        place(i, x0, kMargin, row_unit(w, h, views[std::size_t(i)].aspect, 1, cap));
        return l;
    }
    // Every view: in one row, or the square ones in a row above the rest, whichever shows
    // them larger.
    float all = 0, square = 0;
    int squares = 0;
    for (const ViewEntry& v : views) {
        all += v.aspect;
        if (v.aspect == 1.0f) square += 1, ++squares;
    }
    const float one = row_unit(w, h, all, kPanelViews, cap);
    const float top = std::min(row_unit(w, (h - kMargin) / 2, square, squares, cap), w / (all - square));
    const float bottom = row_unit(w, h - kMargin - top - cap, all - square, kPanelViews - squares, cap);
    float x_top = x0, x_bottom = x0;
    for (int i = 0; i < kPanelViews; ++i) {
        const float aspect = views[std::size_t(i)].aspect;
        if (one >= top) {
            place(i, x_top, kMargin, one);
            x_top += one * aspect + kMargin;
        } else if (aspect == 1.0f) {
            place(i, x_top, kMargin, top);
            x_top += top + kMargin;
        } else {
            place(i, x_bottom, kMargin + top + cap + kMargin, bottom);
            x_bottom += bottom * aspect + kMargin;
        }
    }
    return l;
}

namespace {

// Per-pass times (GPU timer queries, or CPU-side when the browser has none) and the
// frame-time plot. Hidden with clock=fixed, where nothing drawn may depend on the clock.
void timings(const DemoApp& app, const FrameHistory& history) {
    const GpuTimer& t = app.timer();
    ImGui::Text("Pass times in ms, median of %d frames", t.samples(int(Pass::Reduce)));
    const bool webgpu = std::string(app.backend_name()) == "webgpu";
    ImGui::TextDisabled("%s", app.timing() == Timing::Cpu    ? "CPU side (no timer queries here): issue cost only"
                              : app.timing() == Timing::None ? "no timestamp-query on this adapter: no pass times"
                              : webgpu                       ? "WebGPU timestamp queries"
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

}  // namespace

OverlayActions draw_overlay(DemoApp& app, const Layout& layout, const FrameHistory& history) {
    OverlayActions actions;
    const DemoState& now = app.state();
    const AtlasLayout& al = app.layout();
    if (!now.overlay) return actions;

    for (int i = 0; i < kPanelViews; ++i)
        if (layout.panels[std::size_t(i)].w > 0) view_entries()[std::size_t(i)].caption(app, layout.panels[std::size_t(i)]);

    // The control panel.
    ImGui::SetNextWindowPos({kMargin, kMargin}, ImGuiCond_Always);
    ImGui::SetNextWindowSize({kControlsWidth - 2 * kMargin, 0}, ImGuiCond_Always);
    ImGui::Begin("Histopyramid stream compaction", nullptr,
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
    DemoState& s = app.pending();

    const double pct = 100.0 * double(app.result().count) / double(al.texel_count());
    ImGui::Text("Active: %s", with_thousands(app.result().count).c_str());
    ImGui::TextDisabled("%.3f%% of %s texels", pct, with_thousands(std::uint64_t(al.texel_count())).c_str());
    ImGui::TextDisabled("%s", app.result().count_read                 ? "count read back this frame (exact)"
                              : now.readback == Readback::Async ? "newest count read back (async)"
                                                                : "expected count: not read back");
    ImGui::Separator();

    radio_row("Pyramid", &s.pyramid, {Pyramid::Scalar, Pyramid::Vec4, Pyramid::Baseline});
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("scalar: sums, three reads a level; vec4: partial sums, one read a level;\n"
                          "baseline: the article's design as published");
    // The WebGPU modes: shown disabled, with the reason, where the browser has no WebGPU.
    const std::string& no_webgpu = app.webgpu_unavailable();
    ImGui::BeginDisabled(!no_webgpu.empty());
    radio_row("WebGPU", &s.pyramid, {Pyramid::WebgpuScan, Pyramid::WebgpuPyramid});
    ImGui::EndDisabled();
    if (!no_webgpu.empty()) ImGui::TextDisabled("WebGPU: %s", no_webgpu.c_str());
    else if (ImGui::IsItemHovered())
        ImGui::SetTooltip("compute shaders: a block-wise prefix sum and scatter, or a compute histopyramid");
    // webgpu-scan's scan (also the surface's vertex-count scan), shown in that mode only.
    if (now.pyramid == Pyramid::WebgpuScan) {
        radio_row("Scan", &s.scan, {ScanKind::Blocks, ScanKind::Rts, ScanKind::Single});
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("blocks: 1024 a block, level by level; rts: reduce-then-scan, three dispatches;\n"
                              "single: one dispatch, decoupled look-back with fallback");
    }
    ImGui::BeginDisabled(s.pyramid == Pyramid::Baseline || is_webgpu(s.pyramid));
    radio_row("Sums", &s.format, {Format::Float, Format::Uint});
    ImGui::EndDisabled();

    ImGui::TextUnformatted("Source");
    ImGui::SameLine(110);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##source", name_of(s.source))) {
        for (Source o : {Source::Metaballs, Source::Sphere, Source::Noise, Source::Png}) {
            const bool usable = o != Source::Png || app.has_png();
            if (ImGui::Selectable(usable ? name_of(o) : "png (load one first)", s.source == o,
                                  usable ? 0 : ImGuiSelectableFlags_Disabled))
                s.source = o;
        }
        ImGui::EndCombo();
    }
    if (ImGui::Button("Load PNG...")) actions.open_file = true;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(90);
    ImGui::InputInt("tile", &app.png_tile(), 0, 0);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the volume's N: slices of N x N in the PNG");
    ImGui::SameLine();
    if (ImGui::Button("Sample")) actions.load_sample = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("assets/head-phantom-64.png: a 64^3 phantom, tile 64");
    if (const PngAtlas* png = app.png())
        ImGui::TextDisabled("PNG: %d², %d-bit, %d channel(s), tile %d", png->layout.atlas, png->bits,
                            png->channels, png->layout.volume);

    radio_row("Classify", &s.classify, {Classify::Surface, Classify::Solid});
    ImGui::TextUnformatted("Iso");
    ImGui::SameLine(110);
    ImGui::SetNextItemWidth(-1);
    ImGui::SliderFloat("##iso", &s.iso, 0.0f, 1.0f, "%.3f");

    ImGui::TextUnformatted("Volume");
    ImGui::SameLine(110);
    ImGui::SetNextItemWidth(-1);
    const char* sizes[] = {"64³ in 512²", "128³ in 2048²", "256³ in 4096²"};
    int size_index = s.volume == 64 ? 0 : s.volume == 128 ? 1 : 2;
    ImGui::BeginDisabled(s.source == Source::Png);
    if (ImGui::Combo("##volume", &size_index, sizes, 3)) s.volume = 64 << size_index, s.atlas = 0;
    ImGui::EndDisabled();

    ImGui::TextUnformatted("Time");
    ImGui::SameLine(110);
    ImGui::Checkbox("Pause", &s.paused);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    float t = float(s.time);
    if (ImGui::SliderFloat("##time", &t, 0.0f, 60.0f, "%.2f s")) s.time = t;

    radio_row("Readback", &s.readback, {Readback::Sync, Readback::Async, Readback::Expected});
    if (now.readback == Readback::Async)
        ImGui::TextDisabled(app.result().count_read ? "async count: this frame's"
                                                    : "async count: %u frame(s) old; %u keys drawn",
                            app.result().count_age, app.result().keys_drawn);
    if (s.readback == Readback::Expected) {
        ImGui::TextUnformatted("Expected");
        ImGui::SameLine(110);
        ImGui::SetNextItemWidth(-1);
        int e = int(s.expected);
        if (ImGui::InputInt("##expected", &e, 1000, 10000))
            s.expected = unsigned(std::clamp<std::int64_t>(e, 0, al.texel_count()));
    }

    radio_row("Colour", &s.colour, {SurfaceColour::Normal, SurfaceColour::Depth, SurfaceColour::Order});
    ImGui::BeginDisabled(is_webgpu(s.pyramid));
    radio_row("Route", &s.route, {MeshRoute::Fragment, MeshRoute::Vertex});
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("fragment: an extraction pass writes the vertices into float textures (Mol*);\n"
                          "vertex: the draw walks the pyramid for each vertex (HPMC)");
    if (ImGui::Button("Reset camera")) app.camera().reset();
    ImGui::SameLine();
    if (ImGui::Button("Save mesh (PLY)")) actions.save_mesh = true;
    if (app.result().mesh) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s vertices", with_thousands(app.result().vertices).c_str());
    }

    ImGui::TextUnformatted("View");
    ImGui::SameLine(110);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##view", name_of(s.view))) {
        for (View o : {View::Surface, View::All, View::Slices, View::Pyramid, View::Stream, View::None})
            if (ImGui::Selectable(name_of(o), s.view == o)) s.view = o;
        ImGui::EndCombo();
    }
    ImGui::Separator();
    if (now.clock == Clock::Wall) {
        timings(app, history);
    } else {
        ImGui::TextDisabled("clock=fixed: 1/60 s a frame, no timings");
    }
    ImGui::TextDisabled("H hides this overlay");
    if (!app.message().empty()) {
        ImGui::Separator();
        ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 120, 110, 255));
        ImGui::TextWrapped("%s", app.message().c_str());
        ImGui::PopStyleColor();
        if (ImGui::SmallButton("Dismiss")) app.set_message("");
    }
    ImGui::End();
    return actions;
}

}  // namespace hp

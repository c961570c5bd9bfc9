#include "overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

namespace hp {
namespace {

constexpr float kControlsWidth = 390;  // the control panel, CSS pixels
constexpr float kMargin = 10;
constexpr float kCaption = 38;         // room above each view for its caption and legend

// Lays views of the given aspect ratios (width/height) out in a row inside a box, each with
// `caption` pixels above it; returns the height unit that fits.
float row_unit(float w, float h, float total_aspect, int count, float caption) {
    return std::max(0.0f, std::min((w - kMargin * float(count - 1)) / total_aspect, h - caption));
}

std::string with_thousands(std::uint64_t v) {
    std::string s = std::to_string(v), out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i && (s.size() - i) % 3 == 0) out += ',';
        out += s[i];
    }
    return out;
}

ImU32 turbo(float t) {  // the same colour map as shaders/view_common.glsl
    t = std::clamp(t, 0.0f, 1.0f);
    auto poly = [t](float a, float b, float c, float d, float e, float f) {
        return std::clamp(a + t * (b + t * (c + t * (d + t * (e + t * f)))), 0.0f, 1.0f);
    };
    return ImGui::ColorConvertFloat4ToU32(
        {poly(0.1357f, 4.6154f, -42.6603f, 132.1311f, -152.9424f, 59.2864f),
         poly(0.0914f, 2.1943f, 4.8430f, -14.1850f, 4.2773f, 2.8296f),
         poly(0.1067f, 12.6419f, -60.5820f, 110.3628f, -89.9031f, 27.3482f), 1.0f});
}

// Title and detail above a panel, clipped to its width.
void caption(const Panel& p, const char* title, const std::string& detail) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect({p.x, p.y - kCaption}, {p.x + p.w, p.y}, true);
    dl->AddText({p.x, p.y - kCaption + 2}, IM_COL32(235, 235, 240, 255), title);
    dl->AddText({p.x, p.y - kCaption + 18}, IM_COL32(170, 175, 185, 255), detail.c_str());
    dl->PopClipRect();
    dl->AddRect({p.x - 1, p.y - 1}, {p.x + p.w + 1, p.y + p.h + 1}, IM_COL32(90, 95, 110, 255));
}

// A colour bar on the caption's title line, right-aligned: "left [bar] right"; left out
// where the title would not leave room for it.
void legend_bar(const Panel& p, const char* title, const char* left, const char* right,
                ImU32 (*color)(float)) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const ImU32 text = IM_COL32(170, 175, 185, 255);
    const float w = std::min(110.0f, p.w * 0.3f), rw = ImGui::CalcTextSize(right).x;
    const float x1 = p.x + p.w - rw, x0 = x1 - 6 - w, y0 = p.y - kCaption + 5;
    if (x0 - 6 - ImGui::CalcTextSize(left).x < p.x + ImGui::CalcTextSize(title).x + 12) return;
    const int steps = 24;
    for (int i = 0; i < steps; ++i) {
        const float a = float(i) / steps, b = float(i + 1) / steps;
        dl->AddRectFilledMultiColor({x0 + a * w, y0}, {x0 + b * w, y0 + 9}, color(a), color(b),
                                    color(b), color(a));
    }
    dl->AddText({x0 - 6 - ImGui::CalcTextSize(left).x, y0 - 3}, text, left);
    dl->AddText({x1, y0 - 3}, text, right);
}

ImU32 grey_to_amber(float t) {
    return t < 0.5f ? ImGui::ColorConvertFloat4ToU32({0.08f + 1.6f * t * 0.8f, 0.08f + 1.6f * t * 0.8f,
                                                      0.08f + 1.6f * t * 0.8f, 1})
                    : IM_COL32(255, 158, 38, 255);
}
ImU32 pyramid_color(float t) { return turbo(0.1f + 0.75f * t); }  // as view_pyramid.frag
ImU32 stream_x_color(float t) {  // red carries x (green y, blue z) as in view_stream.frag
    const float v = 0.15f + 0.85f * t;
    return ImGui::ColorConvertFloat4ToU32({v, 0.15f, 0.15f, 1});
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
    const float pa = Views::pyramid_aspect();
    auto place = [&](Panel* p, float x, float y, float aspect, float unit) {
        *p = {x, y + cap, unit * aspect, unit};
    };
    if (w <= 0 || h <= 0) return l;
    switch (s.view) {
        case View::Slices: place(&l.slices, x0, kMargin, 1, row_unit(w, h, 1, 1, cap)); break;
        case View::Stream: place(&l.stream, x0, kMargin, 1, row_unit(w, h, 1, 1, cap)); break;
        case View::Pyramid: place(&l.pyramid, x0, kMargin, pa, row_unit(w, h, pa, 1, cap)); break;
        case View::None: break;
        case View::All: {
            // One row (slices, pyramid, stream) or two (slices and stream above the pyramid):
            // whichever shows them larger.
            const float one = row_unit(w, h, 2 + pa, 3, cap);
            const float two = std::min(row_unit(w, (h - kMargin) / 2, 2, 2, cap), w / pa);
            const float two_pyr = row_unit(w, h - kMargin - two - cap, pa, 1, cap);
            if (one >= two) {
                place(&l.slices, x0, kMargin, 1, one);
                place(&l.pyramid, x0 + one + kMargin, kMargin, pa, one);
                place(&l.stream, x0 + one * (1 + pa) + 2 * kMargin, kMargin, 1, one);
            } else {
                place(&l.slices, x0, kMargin, 1, two);
                place(&l.stream, x0 + two + kMargin, kMargin, 1, two);
                place(&l.pyramid, x0, kMargin + two + cap + kMargin, pa, two_pyr);
            }
            break;
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
    ImGui::TextDisabled("%s", app.webgpu() ? (app.timestamps() ? "WebGPU timestamp queries"
                                                               : "no timestamp-query on this adapter: no pass times")
                              : t.gpu() ? "GPU timer queries"
                                        : "CPU side (no timer queries here): issue cost only");
    if (ImGui::BeginTable("passes", 2, ImGuiTableFlags_SizingStretchSame)) {
        double total = 0;
        for (int p = 0; p < int(Pass::Count_); ++p) {
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

    // Captions and legends of the views.
    if (layout.slices.w > 0) {
        const char* title = "Slice atlas";
        caption(layout.slices, title,
                std::to_string(al.atlas) + "²: " + std::to_string(al.volume) + " slices of " +
                    std::to_string(al.volume) + "² (" + name_of(now.source) + ")");
        legend_bar(layout.slices, title, "0", ">= iso", grey_to_amber);
    }
    if (layout.pyramid.w > 0) {
        const char* title = now.pyramid == Pyramid::Vec4            ? "vec4 histopyramid"
                            : now.pyramid == Pyramid::WebgpuPyramid ? "WebGPU compute histopyramid"
                            : now.pyramid == Pyramid::WebgpuScan    ? "WebGPU block scan: base only"
                                                                    : "Scalar histopyramid";
        caption(layout.pyramid, title,
                now.pyramid == Pyramid::WebgpuScan
                    ? std::string("the base, scanned in Morton order (a scan has no levels)")
                    : "base level, then levels 1-" + std::to_string(al.levels()) +
                          "; colour = log(1+sum) / log(1+4^level)");
        legend_bar(layout.pyramid, title, "0", "full", pyramid_color);
    }
    if (layout.stream.w > 0) {
        const int rows = Views::stream_rows_shown(al.atlas, app.result().count);
        const char* title = "Compacted stream";
        caption(layout.stream, title,
                with_thousands(app.result().count) + " keys; rows 0-" + std::to_string(rows - 1) + " of " +
                    std::to_string(al.atlas) + "; rgb = voxel xyz/N");
        legend_bar(layout.stream, title, "x 0", "N", stream_x_color);
    }

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

    ImGui::TextUnformatted("View");
    ImGui::SameLine(110);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##view", name_of(s.view))) {
        for (View o : {View::All, View::Slices, View::Pyramid, View::Stream, View::None})
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

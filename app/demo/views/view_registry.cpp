#include "view_registry.h"

#include <cmath>

#include "label_pick.h"

#include "view_explain.h"
#include "volume_atlas.h"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <utility>

namespace hp {

std::string with_thousands(std::uint64_t v) {
    std::string s = std::to_string(v), out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i && (s.size() - i) % 3 == 0) out += ',';
        out += s[i];
    }
    return out;
}

namespace {

ImU32 turbo(float t) {  // the same color map as shaders/view_common.glsl
    t = std::clamp(t, 0.0f, 1.0f);
    auto poly = [t](float a, float b, float c, float d, float e, float f) {
        return std::clamp(a + t * (b + t * (c + t * (d + t * (e + t * f)))), 0.0f, 1.0f);
    };
    return ImGui::ColorConvertFloat4ToU32(
        {poly(0.1357f, 4.6154f, -42.6603f, 132.1311f, -152.9424f, 59.2864f),
         poly(0.0914f, 2.1943f, 4.8430f, -14.1850f, 4.2773f, 2.8296f),
         poly(0.1067f, 12.6419f, -60.5820f, 110.3628f, -89.9031f, 27.3482f), 1.0f});
}

// Title and detail above a panel, clipped to its width; a detail too wide drops its last
// "; "-separated parts (the hints) first.
void caption(const Panel& p, const char* title, std::string detail) {
    for (std::size_t cut; ImGui::CalcTextSize(detail.c_str()).x > p.w && (cut = detail.rfind("; ")) != std::string::npos;)
        detail.resize(cut);
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect({p.x, p.y - kCaption}, {p.x + p.w, p.y}, true);
    dl->AddText({p.x, p.y - kCaption + 2}, IM_COL32(235, 235, 240, 255), title);
    dl->AddText({p.x, p.y - kCaption + 18}, IM_COL32(170, 175, 185, 255), detail.c_str());
    dl->PopClipRect();
    dl->AddRect({p.x - 1, p.y - 1}, {p.x + p.w + 1, p.y + p.h + 1}, IM_COL32(90, 95, 110, 255));
}

// A color bar on the caption's title line, right-aligned: "left [bar] right"; left out
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


// --- the entries ---------------------------------------------------------------------------

void draw_surface(const ViewInput& in, PanelRect r) {
    SurfaceDraw d;
    d.panel = r;
    d.css_scale = in.css_scale;
    d.framebuffer_height = in.framebuffer_height;
    const auto& n = in.layout.dims;
    d.scene = {in.result.mesh ? in.result.vertex_keys_drawn : 0, {float(n[0]), float(n[1]), float(n[2])}, in.scale,
               in.camera, in.state.color};
    d.route = in.state.route;
    d.classify = in.state.classify;
    d.labels = in.labels;
    d.labels_revision = in.labels_revision;
    d.iso = in.state.iso;
    d.processed = in.processed;
    in.backend->draw_surface(d);
}

// The 3D view's own state: the label its last click named ("": none), in its caption until
// the next click.
std::string g_surface_picked;

// A click in the 3D view of a label map names the label under it (in the caption).
void surface_click(const ViewInput& in, const Layout& l, float x, float y, DemoState*) {
    if (in.labels) g_surface_picked = label_under(in, l, x, y);
}

const ViewHooks* surface_hooks() {
    static const ViewHooks hooks = [] {
        ViewHooks h;
        h.click = surface_click;
        return h;
    }();
    return &hooks;
}

void caption_surface(const ViewInput& in, const Panel& p) {
    const FrameResult& r = in.result;
    const DemoState& s = in.state;
    const bool processed = in.processed != nullptr;
    std::string label_steps;  // a label map's processed meshes: the steps that made them
    for (const auto& [on, what] : {std::pair<bool, const char*>{s.pieces != Pieces::All, "pieces kept"},
                                   {s.label_smooth > 0, "smoothed"}, {s.decimate > 0, "decimated"}})
        if (on) label_steps += std::string(", ") + what;
    const std::string labelled = "Label surfaces" + label_steps + " (what Save mesh writes)";
    const char* title = processed && in.labels ? labelled.c_str()
                        : processed ? "Processed mesh (what Save mesh writes)"
                        : in.state.classify == Classify::Labels ? "Label surfaces (surface nets, a mesh per label)"
                                                                : "Surface (marching cubes)";
    std::string detail = processed ? with_thousands(in.processed->indices.size() / 3) + " triangles" +
                                         "; drag: orbit, right-drag: pan, wheel: zoom"
                         : !r.mesh ? std::string("not computed")
                         : with_thousands(r.vertices / 3) + " triangles" +
                               (r.vertices_read ? "" : s.readback == Readback::Async ? " (newest read)" : " (not read)") +
                               "; drag: orbit, right-drag: pan, wheel: zoom";
    const std::uint32_t capacity = in.backend ? in.backend->mesh_capacity() : 0;
    if (!processed && shows_processed(s)) detail += "; the processed mesh is being made";
    if (!processed && r.mesh && r.vertices > capacity)
        detail = "mesh truncated at " + with_thousands(capacity) + " vertices of " + with_thousands(r.vertices);
    if (in.labels && !g_surface_picked.empty()) detail += "; clicked: " + g_surface_picked;
    else if (in.labels) detail += "; a click names a label";
    caption(p, title, detail);
    if (s.color == SurfaceColor::Depth) legend_bar(p, title, "far", "near", turbo);
    else if (s.color == SurfaceColor::Order) legend_bar(p, title, "key 0", "last", turbo);
}

// Past kMaxGlAtlas² (512³ in the WebGPU modes) the 2D views get no copies (compute_view.h):
// their panels stay empty and the caption says why.
bool too_large(const ViewInput& in, const Panel& p, const char* title) {
    if (in.layout.atlas <= kMaxGlAtlas) return false;
    caption(p, title,
            std::to_string(in.layout.atlas) + "²: past the " + std::to_string(kMaxGlAtlas) +
                "² the 2D views show; the 3D view and the counts run");
    return true;
}

void draw_slices(const ViewInput& in, PanelRect r) {
    const ViewSources v = in.backend->view_sources();
    if (v.volume) in.views->slices(r, *v.volume, in.state.iso, in.range, in.bricks);
}

void caption_slices(const ViewInput& in, const Panel& p) {
    const AtlasLayout& al = in.layout;
    const char* title = "Slice atlas";
    if (too_large(in, p, title)) return;
    const std::string slice = al.dims[0] == al.dims[1] ? std::to_string(al.dims[0]) + "²"
                                                       : std::to_string(al.dims[0]) + "×" + std::to_string(al.dims[1]);
    caption(p, title,
            std::to_string(al.atlas) + "²: " + std::to_string(al.dims[2]) + " slices of " + slice + " (" +
                (in.preview_factor > 1 ? every_fth_voxel(in.preview_factor) : std::string(name_of(in.state.source))) + ")" +
                (in.bricks ? "; dim: " + std::to_string(in.bricks->size) + "³ bricks left out" : ""));
    char lo[24];
    std::snprintf(lo, sizeof lo, "%g", double(in.range[0]));
    legend_bar(p, title, lo, ">= iso", grey_to_amber);
}

void draw_pyramid(const ViewInput& in, PanelRect r) {
    const ViewSources v = in.backend->view_sources();
    // A program that cannot be built leaves the panel empty and says why.
    if (v.volume && v.pyramid) in.views->pyramid(r, v.volume->base(), *v.pyramid, in.problem);
}

void caption_pyramid(const ViewInput& in, const Panel& p) {
    const Pyramid mode = in.state.pyramid;
    const ScanKind scan = in.state.scan;
    const char* scan_title = scan == ScanKind::Rts      ? "WebGPU reduce-then-scan: base only"
                             : scan == ScanKind::Single ? "WebGPU single-pass scan: base only"
                                                        : "WebGPU block scan: base only";
    const char* title = mode == Pyramid::Vec4            ? "vec4 histopyramid"
                        : mode == Pyramid::WebgpuPyramid ? "WebGPU compute histopyramid"
                        : mode == Pyramid::WebgpuScan    ? scan_title
                                                         : "Scalar histopyramid";
    if (too_large(in, p, title)) return;
    caption(p, title,
            mode == Pyramid::WebgpuScan ? std::string("the base, scanned in Morton order (a scan has no levels)")
                                        : "base level, then levels 1-" + std::to_string(in.layout.levels()) +
                                              "; colour = log(1+sum) / log(1+4^level)");
    legend_bar(p, title, "0", "full", pyramid_color);
}

void draw_stream(const ViewInput& in, PanelRect r) {
    const ViewSources v = in.backend->view_sources();
    if (v.stream) in.views->stream(r, *v.stream, in.layout.atlas, in.result.count, in.layout.dims);
}

void caption_stream(const ViewInput& in, const Panel& p) {
    const AtlasLayout& al = in.layout;
    const int rows = Views::stream_rows_shown(al.atlas, in.result.count);
    const char* title = "Compacted stream";
    if (too_large(in, p, title)) return;
    caption(p, title,
            with_thousands(in.result.count) + " keys; rows 0-" + std::to_string(rows - 1) + " of " +
                std::to_string(al.atlas) + "; rgb = voxel xyz/N");
    legend_bar(p, title, "x 0", "N", stream_x_color);
}


}  // namespace

std::uint32_t pyramid_view_color(float t) { return pyramid_color(t); }

// Made on first use: the app is a global that asks for the views' names while globals are made
// (a table at namespace scope may not be made yet then, and its names would be none).
const std::vector<ViewEntry>& view_entries() {
    //                                name       kind             aspect  keeps {volume, stream, surface}  pointer
    static const std::vector<ViewEntry> views = {
        {"surface", ViewKind::Panel, 1.0f, {false, false, true}, true, draw_surface, caption_surface, surface_hooks()},
        {"all", ViewKind::All},
        {"slices", ViewKind::Panel, 1.0f, {true, false, false}, false, draw_slices, caption_slices},
        // The base, then the levels beside it.
        {"pyramid", ViewKind::Panel, Views::pyramid_aspect(), {true, false, false}, false, draw_pyramid, caption_pyramid},
        {"stream", ViewKind::Panel, 1.0f, {false, true, false}, false, draw_stream, caption_stream},
        // Every panel, with one key's walk down the pyramid drawn over them; its numbers atop the
        // controls, the arrows stepping it, a click on the stream choosing the key.
        {"explain", ViewKind::All, 1.0f, {false, false, false}, false, nullptr, nullptr, explain_hooks()},
        {"none", ViewKind::None},
    };
    return views;
}

std::string label_under(const ViewInput& in, const Layout& l, float x, float y, std::array<int, 3>* voxel, float* value) {
    const int i = view_entry("surface");
    if (!in.labels || !in.label_volume || !in.camera || i < 0 || !l.shows(std::size_t(i))) return "";
    const Panel& p = l.panels[std::size_t(i)];
    if (!std::isfinite(x) || !std::isfinite(y) || x < p.x || x >= p.x + p.w || y < p.y || y >= p.y + p.h || p.h <= 0)
        return "";
    const Volume& v = *in.label_volume;
    const std::vector<LabelInfo>& labels = *in.labels;
    const CropBox box = crop_of(in.state, v.dims);
    const LabelHit hit = pick_label(
        *in.camera, v.dims, in.scale, p.w / p.h, (x - p.x) / p.w * 2 - 1, 1 - (y - p.y) / p.h * 2,
        [&](int a, int b, int c) {  // outside the crop box: the background
            if (!box.contains(a, b, c)) return 0.0f;
            return v.values[std::size_t(a) + std::size_t(v.dims[0]) * (std::size_t(b) + std::size_t(v.dims[1]) * std::size_t(c))];
        },
        [&](float l) {
            const int k = label_index(labels, l);
            return k >= 0 && labels[std::size_t(k)].shown;
        });
    if (!hit.hit) return "";
    if (voxel) *voxel = hit.voxel;
    if (value) *value = hit.label;
    const int k = label_index(labels, hit.label);
    char text[64];
    std::snprintf(text, sizeof text, " (%.9g)", double(hit.label));
    return (k >= 0 ? labels[std::size_t(k)].name : std::string("label")) + text;
}

const ViewHooks* view_hooks(int view) {
    return view >= 0 && std::size_t(view) < view_entries().size() ? view_entries()[std::size_t(view)].hooks : nullptr;
}

int view_entry(const char* name) {
    for (std::size_t i = 0; i < view_entries().size(); ++i)
        if (std::string(view_entries()[i].name) == name) return int(i);
    return -1;
}

const std::vector<const char*>& view_names() {
    static const std::vector<const char*> names = [] {
        std::vector<const char*> n;
        for (const ViewEntry& v : view_entries()) n.push_back(v.name);
        return n;
    }();
    return names;
}

}  // namespace hp

#include "view_crop.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "settings.h"

namespace hp {
namespace {

// The box's first and last voxel's settings, by axis.
constexpr const char* kFirst[3] = {"cropX0", "cropY0", "cropZ0"};
constexpr const char* kLast[3] = {"cropX1", "cropY1", "cropZ1"};
constexpr float kHandle = 6;  // a handle's radius, CSS pixels; it is taken within twice that

// The box as the 3D view sees it: its panel, the camera's matrix, the box's corners in voxel
// units (each voxel spans ±½ around its index, within the volume's extent 0..N−1).
struct BoxView {
    Panel panel;
    std::array<float, 16> m{};
    std::array<float, 3> scale{1, 1, 1}, lo{}, hi{};

    // A point in voxel units on the panel, CSS pixels; false behind the eye.
    bool project(const std::array<float, 3>& v, ImVec2* out) const {
        const float x = v[0] * scale[0], y = v[1] * scale[1], z = v[2] * scale[2];
        const float cx = m[0] * x + m[4] * y + m[8] * z + m[12], cy = m[1] * x + m[5] * y + m[9] * z + m[13];
        const float w = m[3] * x + m[7] * y + m[11] * z + m[15];
        if (w <= 1e-6f) return false;
        *out = {panel.x + (cx / w * 0.5f + 0.5f) * panel.w, panel.y + (0.5f - cy / w * 0.5f) * panel.h};
        return true;
    }
    // The middle of face f (axis f / 2, the last voxel's side where f is odd).
    std::array<float, 3> face_centre(int f) const {
        std::array<float, 3> c{(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2};
        c[std::size_t(f / 2)] = f & 1 ? hi[std::size_t(f / 2)] : lo[std::size_t(f / 2)];
        return c;
    }
};

bool g_shown = false;
struct Grab {
    int face = -1;         // -1: none held
    ImVec2 from;           // where the press was
    ImVec2 per_voxel;      // the face's axis on the panel: CSS pixels a voxel
    int value = 0;         // the face's voxel when it was taken
} g_grab;

bool box_view(const ViewInput& in, const Layout& l, BoxView* out) {
    const int i = view_entry("surface");
    if (i < 0 || !l.shows(std::size_t(i)) || !in.camera) return false;
    const std::array<int, 3>& d = in.layout.dims;
    const CropBox b = crop_of(in.state, d);
    if (b.whole(d) && !g_shown && g_grab.face < 0) return false;
    out->panel = l.panels[std::size_t(i)];
    out->scale = in.scale;
    out->m = in.camera->view_projection({d[0] * in.scale[0], d[1] * in.scale[1], d[2] * in.scale[2]},
                                        out->panel.w / std::max(out->panel.h, 1.0f));
    for (std::size_t a = 0; a < 3; ++a) {
        out->lo[a] = std::max(float(b.lo[a]) - 0.5f, 0.0f);
        out->hi[a] = std::min(float(b.hi[a]) + 0.5f, float(d[a] - 1));
    }
    return true;
}

// The handle under (x, y), -1 for none.
int handle_at(const BoxView& v, float x, float y) {
    int best = -1;
    float nearest = 2 * kHandle;
    for (int f = 0; f < 6; ++f) {
        ImVec2 p;
        if (!v.project(v.face_centre(f), &p)) continue;
        const float dist = std::hypot(p.x - x, p.y - y);
        if (dist < nearest) nearest = dist, best = f;
    }
    return best;
}

ImU32 axis_colour(int axis, bool bright) {
    static const ImU32 kColours[3][2] = {{IM_COL32(220, 80, 70, 255), IM_COL32(255, 150, 140, 255)},
                                         {IM_COL32(90, 200, 90, 255), IM_COL32(160, 255, 160, 255)},
                                         {IM_COL32(80, 130, 235, 255), IM_COL32(150, 190, 255, 255)}};
    return kColours[axis][bright ? 1 : 0];
}

}  // namespace

bool& crop_box_shown() { return g_shown; }

void crop_marks(const ViewInput& in, const Layout& l) {
    BoxView v;
    if (!box_view(in, l, &v)) return;
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect({v.panel.x, v.panel.y}, {v.panel.x + v.panel.w, v.panel.y + v.panel.h}, true);
    // The twelve edges: from each corner with a coordinate at lo, along that axis.
    for (int c = 0; c < 8; ++c)
        for (int a = 0; a < 3; ++a) {
            if (c & (1 << a)) continue;
            std::array<float, 3> p, q;
            for (int k = 0; k < 3; ++k) p[std::size_t(k)] = c & (1 << k) ? v.hi[std::size_t(k)] : v.lo[std::size_t(k)];
            q = p;
            q[std::size_t(a)] = v.hi[std::size_t(a)];
            ImVec2 s, t;
            if (v.project(p, &s) && v.project(q, &t)) dl->AddLine(s, t, IM_COL32(255, 158, 38, 220), 1.5f);
        }
    const ImVec2 mouse = ImGui::GetMousePos();
    const int hovered = g_grab.face >= 0 ? g_grab.face : handle_at(v, mouse.x, mouse.y);
    for (int f = 0; f < 6; ++f) {
        ImVec2 p;
        if (!v.project(v.face_centre(f), &p)) continue;
        dl->AddCircleFilled(p, f == hovered ? kHandle + 2 : kHandle, axis_colour(f / 2, f == hovered));
        dl->AddCircle(p, f == hovered ? kHandle + 2 : kHandle, IM_COL32(20, 20, 24, 255), 0, 1.5f);
    }
    dl->PopClipRect();
}

bool crop_handles(const ViewInput& in, const Layout& l, std::array<std::array<float, 2>, 6>* out) {
    BoxView v;
    if (!in.state.overlay || !box_view(in, l, &v)) return false;
    for (int f = 0; f < 6; ++f) {
        ImVec2 p{NAN, NAN};
        v.project(v.face_centre(f), &p);
        (*out)[std::size_t(f)] = {p.x, p.y};
    }
    return true;
}

bool crop_grab(const ViewInput& in, const Layout& l, float x, float y) {
    BoxView v;
    if (!box_view(in, l, &v)) return false;
    const int f = handle_at(v, x, y);
    if (f < 0) return false;
    // The face's axis on the panel: where its centre goes when the face moves by one voxel.
    std::array<float, 3> c = v.face_centre(f), d = c;
    const std::size_t a = std::size_t(f / 2);
    d[a] += d[a] + 1 <= float(in.layout.dims[a] - 1) ? 1.0f : -1.0f;
    ImVec2 p, q;
    if (!v.project(c, &p) || !v.project(d, &q)) return false;
    const float sign = d[a] > c[a] ? 1.0f : -1.0f;
    g_grab.per_voxel = {(q.x - p.x) * sign, (q.y - p.y) * sign};
    if (std::hypot(g_grab.per_voxel.x, g_grab.per_voxel.y) < 1e-3f) return false;  // seen end on
    const CropBox b = crop_of(in.state, in.layout.dims);
    g_grab.face = f;
    g_grab.from = {x, y};
    g_grab.value = f & 1 ? b.hi[a] : b.lo[a];
    return true;
}

void crop_drag(const ViewInput& in, float x, float y, DemoState* pending) {
    if (g_grab.face < 0) return;
    const std::size_t a = std::size_t(g_grab.face / 2);
    const ImVec2 d = g_grab.per_voxel;
    const float moved = ((x - g_grab.from.x) * d.x + (y - g_grab.from.y) * d.y) / (d.x * d.x + d.y * d.y);
    const CropBox b = crop_of(*pending, in.layout.dims);
    const int last = in.layout.dims[a] - 1;
    int to = g_grab.value + int(std::lround(moved));
    if (g_grab.face & 1) {
        to = std::clamp(to, b.lo[a], last);
        set_value(*find_setting(kLast[a]), pending, to == last ? -1 : to);  // the volume's last: -1, as by default
    } else {
        set_value(*find_setting(kFirst[a]), pending, std::clamp(to, 0, b.hi[a]));
    }
}

void crop_release() { g_grab.face = -1; }

}  // namespace hp

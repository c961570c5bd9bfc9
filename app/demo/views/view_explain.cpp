// The Explain view's marks over the other views, and its clicks and keys (view_explain.h);
// view_explain_panel.cpp draws its section of the control panel.
#include "view_explain.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "marching_cubes.h"

namespace hp {
namespace {

const ImU32 kPath = IM_COL32(255, 170, 40, 255);      // the texels walked through
const ImU32 kHere = IM_COL32(255, 255, 255, 255);     // the texel at the level shown
const ImU32 kChild = IM_COL32(90, 200, 255, 255);     // its four children
const ImU32 kTaken = IM_COL32(80, 255, 120, 255);     // the child the key goes on into
const ImU32 kTakenFill = IM_COL32(80, 255, 120, 70);

const Explanation* ready(const ViewInput& in) {
    const Explanation* e = in.explanation;
    return e && e->state == Explanation::State::Ready ? e : nullptr;
}

// A rectangle of the data (x0, y0, x1, y1 in the data's units, row 0 at the top) shown in panel
// p that spans w × h units: in CSS pixels, grown about its centre to at least `least` pixels.
ImVec4 rect_in(const Panel& p, float w, float h, float x0, float y0, float x1, float y1, float least = 7) {
    ImVec4 r{p.x + x0 / w * p.w, p.y + y0 / h * p.h, p.x + x1 / w * p.w, p.y + y1 / h * p.h};
    for (int axis = 0; axis < 2; ++axis) {
        float& lo = axis ? r.y : r.x;
        float& hi = axis ? r.w : r.z;
        if (hi - lo < least) {
            const float c = (lo + hi) / 2;
            lo = c - least / 2, hi = c + least / 2;
        }
    }
    return r;
}

void outline(const ImVec4& r, ImU32 color, float thickness = 1.5f) {
    ImGui::GetBackgroundDrawList()->AddRect({r.x, r.y}, {r.z, r.w}, color, 0, 0, thickness);
}

const Panel* panel_named(const Layout& l, const char* name) {
    const int i = view_entry(name);
    return i >= 0 && l.shows(std::size_t(i)) ? &l.panels[std::size_t(i)] : nullptr;
}

// The pyramid view's data: the base (S × S), then level k ≥ 1 from x = 2S − 2(S >> k), top-aligned.
ImVec4 pyramid_texel(const Panel& p, int size, int level, Texel t) {
    const float x0 = level == 0 ? 0.0f : float(2 * size - 2 * (size >> level));
    return rect_in(p, 2.0f * size, float(size), x0 + t.x, float(t.y), x0 + t.x + 1, float(t.y + 1));
}

// A scan's tile, 4^k texels in Morton order: an aligned square of the base, in a panel showing
// w × h texels of it.
ImVec4 tile_rect(const Panel& p, float w, float h, const Explanation& e) {
    int side = 1;
    while (std::uint32_t(side) * std::uint32_t(side) < e.place.size) side *= 2;
    const float x0 = float(e.base.x / side * side), y0 = float(e.base.y / side * side);
    return rect_in(p, w, h, x0, y0, x0 + float(side), y0 + float(side));
}

std::string range_text(std::uint32_t lo, std::uint32_t hi) {
    return hi > lo + 1 ? with_thousands(lo) + "-" + with_thousands(hi - 1)
                       : hi == lo + 1 ? "key " + with_thousands(lo) : std::string("no keys");
}

// The four children of the texel at the level shown, large, in the pyramid view's empty
// quarter (below level 1): each one's sum and the keys it covers, the one taken lit.
void children_box(const Panel& p, const Explanation& e, const WalkStep& s) {
    const float x0 = p.x + p.w / 2 + 8, y0 = p.y + p.h / 2 + 6, w = p.w / 2 - 16, h = p.h / 2 - 12;
    if (w < 150 || h < 70) return;
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect({x0, y0}, {x0 + w, y0 + h}, true);
    char line[160];
    std::snprintf(line, sizeof line, "level %d (%d, %d): keys %s", s.level, s.texel.x, s.texel.y,
                  range_text(s.lo, s.hi()).c_str());
    dl->AddText({x0, y0}, kHere, line);
    const float top = y0 + 20, cw = w / 2, ch = std::min(60.0f, (h - 22) / 2);
    for (int c = 0; c < 4; ++c) {
        const ImVec2 a{x0 + cw * float(c & 1), top + ch * float(c >> 1)}, b{a.x + cw - 4, a.y + ch - 4};
        const bool taken = c == s.child;
        if (taken) dl->AddRectFilled(a, b, kTakenFill);
        dl->AddRect(a, b, taken ? kTaken : kChild, 0, 0, taken ? 2.0f : 1.0f);
        const std::uint32_t lo = s.child_lo(c), n = s.children[std::size_t(c)];
        std::snprintf(line, sizeof line, "(%d, %d)  sum %s", 2 * s.texel.x + (c & 1), 2 * s.texel.y + (c >> 1),
                      with_thousands(n).c_str());
        dl->AddText({a.x + 5, a.y + 4}, IM_COL32(235, 235, 240, 255), line);
        dl->AddText({a.x + 5, a.y + 20}, IM_COL32(170, 175, 185, 255), range_text(lo, lo + n).c_str());
        if (taken) dl->AddText({a.x + 5, a.y + 36}, kTaken, ("key " + with_thousands(e.key) + " here").c_str());
    }
    dl->PopClipRect();
}

void mark_pyramid(const Panel& p, const ViewInput& in, const Explanation& e) {
    const int size = in.layout.atlas, shown = level_shown(in.state.step, in.layout.levels());
    if (e.scan) {  // no levels: the key's tile (an aligned square in Morton order) and its texel
        const ImVec4 t = tile_rect(p, 2.0f * size, float(size), e);
        outline(t, kPath, 1.5f);
        outline(pyramid_texel(p, size, 0, e.base), kHere, 2);
        return;
    }
    for (const WalkStep& s : e.path) {
        if (s.level < shown) break;
        const bool here = s.level == shown;
        outline(pyramid_texel(p, size, s.level, s.texel), here ? kHere : kPath, here ? 2.0f : 1.5f);
        if (!here) continue;
        for (int c = 0; c < 4 && s.level > 0; ++c) {
            const Texel t{2 * s.texel.x + (c & 1), 2 * s.texel.y + (c >> 1)};
            outline(pyramid_texel(p, size, s.level - 1, t), c == s.child ? kTaken : kChild, 1.0f);
        }
        if (s.level > 0) children_box(p, e, s);
    }
}

// The slice atlas: the base texels the texel at the level shown covers (2^level on a side),
// down to the voxel itself.
void mark_slices(const Panel& p, const ViewInput& in, const Explanation& e) {
    const float size = float(in.layout.atlas);
    const int shown = e.scan ? 0 : level_shown(in.state.step, in.layout.levels());
    Texel t = e.base;
    for (const WalkStep& s : e.path)
        if (s.level == shown) t = s.texel;
    const float side = float(1 << shown);
    if (e.scan) outline(tile_rect(p, size, size, e), kPath, 1.5f);
    outline(rect_in(p, size, size, t.x * side, t.y * side, (t.x + 1) * side, (t.y + 1) * side), shown ? kPath : kHere, 2);
    if (const BrickMarks* b = in.bricks) {  // the surface in bricks: the key's brick in its slice
        const std::array<int, 3> at = b->brick_of(e.voxel.x, e.voxel.y, e.voxel.z);
        const int lo[2] = {at[0] * b->size / b->preview, at[1] * b->size / b->preview};
        const int hi[2] = {std::min(in.layout.dims[0], (at[0] + 1) * b->size / b->preview),
                           std::min(in.layout.dims[1], (at[1] + 1) * b->size / b->preview)};
        const Texel o = in.layout.texel_of(Voxel{0, 0, e.voxel.z});
        outline(rect_in(p, size, size, float(o.x + lo[0]), float(o.y + lo[1]), float(o.x + hi[0]), float(o.y + hi[1])), kTaken, 1.5f);
    }
}

void mark_stream(const Panel& p, const ViewInput& in, const Explanation& e) {
    const int size = in.layout.atlas, rows = Views::stream_rows_shown(size, in.result.count);
    const int x = int(e.key % std::uint32_t(size)), y = int(e.key / std::uint32_t(size));
    if (y < rows) outline(rect_in(p, float(size), float(rows), float(x), float(y), float(x + 1), float(y + 1)), kHere, 2);
}

// The 3D view: the cell's box and, in surface mode, its triangles, projected by the view's camera.
void mark_surface(const Panel& p, const ViewInput& in, const Explanation& e) {
    if (!in.camera) return;
    const auto& d = in.layout.dims;
    const std::array<float, 3> box{float(d[0]) * in.scale[0], float(d[1]) * in.scale[1], float(d[2]) * in.scale[2]};
    const std::array<float, 16> m = in.camera->view_projection(box, p.w / p.h);
    auto at = [&](float x, float y, float z, ImVec2* out) {
        const float q[3] = {(float(e.voxel.x) + x) * in.scale[0], (float(e.voxel.y) + y) * in.scale[1],
                            (float(e.voxel.z) + z) * in.scale[2]};
        float c[4];
        for (int r = 0; r < 4; ++r) c[r] = m[std::size_t(r)] * q[0] + m[std::size_t(4 + r)] * q[1] + m[std::size_t(8 + r)] * q[2] + m[std::size_t(12 + r)];
        if (c[3] <= 0) return false;
        *out = {p.x + (c[0] / c[3] * 0.5f + 0.5f) * p.w, p.y + (0.5f - c[1] / c[3] * 0.5f) * p.h};
        return true;
    };
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect({p.x, p.y}, {p.x + p.w, p.y + p.h}, true);
    if (e.label_faces >= 0) {  // labels: the voxel's cube, its faces toward another label filled
        const float h = 0.5f;
        for (int f = 0; f < 6; ++f) {
            const int a = f >> 1, b = (a + 1) % 3, c = (a + 2) % 3;
            float q[4][3];
            for (int k = 0; k < 4; ++k) {
                q[k][a] = (f & 1) ? h : -h;
                q[k][b] = (k == 1 || k == 2) ? h : -h;
                q[k][c] = (k >= 2) ? h : -h;
            }
            ImVec2 v[4];
            bool ok = true;
            for (int k = 0; k < 4; ++k) ok = ok && at(q[k][0], q[k][1], q[k][2], &v[k]);
            if (!ok) continue;
            if ((e.label_faces >> f) & 1) dl->AddQuadFilled(v[0], v[1], v[2], v[3], kTakenFill);
            dl->AddQuad(v[0], v[1], v[2], v[3], (e.label_faces >> f) & 1 ? kTaken : kHere, 1.5f);
        }
        dl->PopClipRect();
        return;
    }
    const float cell = in.state.classify == Classify::Surface ? 1.0f : 0.0f;  // solid: the voxel, a point
    for (const auto& edge : mc::kEdgeCorners) {
        const Voxel a = kCellCorners[std::size_t(edge[0])], b = kCellCorners[std::size_t(edge[1])];
        ImVec2 pa, pb;
        if (at(cell * a.x, cell * a.y, cell * a.z, &pa) && at(cell * b.x, cell * b.y, cell * b.z, &pb))
            dl->AddLine(pa, pb, kHere, 1.5f);
    }
    ImVec2 c;  // a ring around it: a cell is small beside the volume
    if (at(cell / 2, cell / 2, cell / 2, &c)) dl->AddCircle(c, 12, kTaken, 24, 1.5f);
    const std::vector<float> tri = cell_triangles(e.cell_case, e.corners, in.state.iso);
    for (std::size_t i = 0; i + 8 < tri.size(); i += 9) {
        ImVec2 v[3];
        bool ok = true;
        for (int k = 0; k < 3; ++k) ok = ok && at(tri[i + 3 * k], tri[i + 3 * k + 1], tri[i + 3 * k + 2], &v[k]);
        if (!ok) continue;
        dl->AddTriangleFilled(v[0], v[1], v[2], kTakenFill);
        dl->AddTriangle(v[0], v[1], v[2], kTaken, 1.5f);
    }
    dl->PopClipRect();
}

// Over the panels of layout `l`, after their captions.
void explain_marks(const ViewInput& in, const Layout& l) {
    const Explanation* e = ready(in);
    if (!e) return;
    if (const Panel* p = panel_named(l, "pyramid")) mark_pyramid(*p, in, *e);
    if (const Panel* p = panel_named(l, "slices")) mark_slices(*p, in, *e);
    if (const Panel* p = panel_named(l, "stream")) mark_stream(*p, in, *e);
    if (const Panel* p = panel_named(l, "surface")) mark_surface(*p, in, *e);
}

// A click on the stream panel of layout `l`: the key of the texel under it.
void explain_click(const ViewInput& in, const Layout& l, float x, float y, DemoState* pending) {
    const Panel* panel = panel_named(l, "stream");
    if (!panel || x < panel->x || x >= panel->x + panel->w || y < panel->y || y >= panel->y + panel->h) return;
    const Panel& p = *panel;
    const int size = in.layout.atlas, rows = Views::stream_rows_shown(size, in.result.count);
    const int tx = std::clamp(int((x - p.x) / p.w * float(size)), 0, size - 1);
    const int ty = std::clamp(int((y - p.y) / p.h * float(rows)), 0, rows - 1);
    pending->key = std::min(ty * size + tx, int(std::max(in.result.count, 1u)) - 1);  // not past the stream
}

}  // namespace

void explain_key(const ViewInput& in, ViewKey k, DemoState* pending) {
    const int levels = in.layout.levels();
    const int step = pending->step < 0 ? levels : std::min(pending->step, levels);
    const int key = int(key_to_explain(pending->key, in.result.count));
    if (k == ViewKey::Left) pending->step = std::max(0, step - 1);                      // a level back
    if (k == ViewKey::Right) pending->step = step + 1 >= levels ? -1 : step + 1;        // a level on
    if (k == ViewKey::Up) pending->key = std::max(0, key - 1);                          // the key before
    if (k == ViewKey::Down) pending->key = std::min(key + 1, int(std::max(1u, in.result.count)) - 1);  // after
}

const ViewHooks* explain_hooks() {
    static const ViewHooks hooks = [] {
        ViewHooks h;
        h.walks_key = true;
        h.marks = explain_marks;
        h.controls = explain_controls;
        h.key = explain_key;
        h.click = explain_click;
        return h;
    }();
    return &hooks;
}

}  // namespace hp

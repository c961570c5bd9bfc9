// The Explain view's section of the control panel (view_explain.h): the key, step / back
// through the levels, and the walk's numbers.
#include "view_explain.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "label_faces.h"
#include "marching_cubes.h"

namespace hp {
namespace {

void walk_table(const ViewInput& in, const Explanation& e) {
    const int shown = level_shown(in.state.step, in.layout.levels());
    if (!ImGui::BeginTable("walk", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) return;
    ImGui::TableSetupColumn("level");
    ImGui::TableSetupColumn("texel");
    ImGui::TableSetupColumn("keys");
    ImGui::TableSetupColumn("children's sums: taken");
    ImGui::TableHeadersRow();
    for (const WalkStep& s : e.path) {
        if (s.level < shown) break;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%d", s.level);
        ImGui::TableNextColumn();
        ImGui::Text("%d, %d", s.texel.x, s.texel.y);
        ImGui::TableNextColumn();
        ImGui::Text("%u-%u", s.lo, s.hi() - 1);
        ImGui::TableNextColumn();
        if (s.level > 0)
            ImGui::Text("%u %u %u %u: %d", s.children[0], s.children[1], s.children[2], s.children[3], s.child);
        else
            ImGui::TextDisabled("the base texel");
    }
    ImGui::EndTable();
}

// The key's brick's own pyramid (brick_pyramid.h), as the second level's tile of it: its
// slices of cells side by side, 1 where a cell is active, then each level beside the last,
// coloured as the pyramid view (log(1 + sum) / log(1 + 4^level)), up to its count.
void brick_pyramid(const BrickPyramid& p, bool labels) {
    ImGui::TextDisabled("its own pyramid: %d² of its %s, %u active", p.side, labels ? "voxels" : "cells", p.count());
    const float scale = std::max(1.0f, std::floor(128.0f / float(p.side)));  // pixels a base texel
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    float x = o.x;
    for (std::size_t k = 0; k < p.levels.size(); ++k) {
        const int s = p.side >> k;
        const float cap = std::log2(1.0f + std::exp2(2.0f * float(k)));
        dl->AddRectFilled({x, o.y}, {x + float(s) * scale, o.y + float(s) * scale}, IM_COL32(30, 26, 50, 255));
        for (int y = 0; y < s; ++y)
            for (int t = 0; t < s; ++t) {
                const std::uint32_t v = p.levels[k][std::size_t(y) * std::size_t(s) + std::size_t(t)];
                if (v == 0) continue;
                dl->AddRectFilled({x + float(t) * scale, o.y + float(y) * scale}, {x + float(t + 1) * scale, o.y + float(y + 1) * scale},
                                  pyramid_view_color(std::log2(1.0f + float(v)) / cap));
            }
        x += float(s) * scale + 3;
    }
    ImGui::Dummy({x - o.x, float(p.side) * scale + 2});
}

// Step / back through the levels, and the level shown.
void walk_buttons(const ViewInput& in, int step, int levels, DemoState* pending) {
    ImGui::BeginDisabled(step == 0);
    if (ImGui::SmallButton("< back")) explain_key(in, ViewKey::Left, pending);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(step >= levels);
    if (ImGui::SmallButton("step >")) explain_key(in, ViewKey::Right, pending);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextDisabled("level %d of %d (arrow keys)", levels - step, levels);
}

}  // namespace

void explain_controls(const ViewInput& in, DemoState* pending) {
    const Explanation* e = in.explanation;
    const int levels = in.layout.levels();
    ImGui::Text("Explain: key");
    ImGui::SameLine();
    int key = int(key_to_explain(pending->key, in.result.count));
    ImGui::SetNextItemWidth(120);
    if (ImGui::InputInt("##key", &key, 1, 1000, ImGuiInputTextFlags_EnterReturnsTrue) ||
        (ImGui::IsItemDeactivatedAfterEdit()))
        pending->key = std::clamp(key, 0, 4096 * 4096 - 1);
    ImGui::SameLine();
    if (ImGui::SmallButton("middle")) pending->key = -1;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the key in the middle of the stream (as it changes)");
    const int step = pending->step < 0 ? levels : std::min(pending->step, levels);
    const bool scan = e && e->scan;  // no levels to step through
    if (!scan) walk_buttons(in, step, levels, pending);
    if (!e || e->state == Explanation::State::Pending || e->state == Explanation::State::None) {
        ImGui::TextDisabled("waiting for the frame's pyramid");
        return;
    }
    if (e->state == Explanation::State::Refused) {
        ImGui::TextWrapped("%s", e->error.c_str());
        return;
    }
    ImGui::Text("key %s of %s -> voxel (%d, %d, %d)", with_thousands(e->key).c_str(), with_thousands(e->count).c_str(),
                e->voxel.x, e->voxel.y, e->voxel.z);
    if (e->cell_case >= 0)
        ImGui::TextDisabled("cell case %d: %d triangles", e->cell_case, mc::triangle_count(e->cell_case));
    if (const BrickMarks* b = in.bricks) {  // the surface in bricks: the brick the first level found it in
        const std::array<int, 3> at = b->brick_of(e->voxel.x, e->voxel.y, e->voxel.z);
        const std::size_t n = std::size_t(at[0]) + std::size_t(b->grid[0]) * (std::size_t(at[1]) + std::size_t(b->grid[1]) * std::size_t(at[2]));
        const bool active = n < b->active->size() && (*b->active)[n];
        ImGui::TextDisabled("%d³ brick (%d, %d, %d): %s %s of %s", b->size, at[0], at[1], at[2],
                            active ? "one of the" : "left out, not one of the", with_thousands(b->count).c_str(),
                            with_thousands(std::uint64_t(b->active->size())).c_str());
        if (in.brick_pyramid) brick_pyramid(*in.brick_pyramid, in.state.classify == Classify::Labels);
    }
    if (e->label_faces >= 0) {  // a (voxel, label) entry: its faces toward other labels, two triangles each
        std::string faces;
        for (int f = 0; f < 6; ++f)
            if ((e->label_faces >> f) & 1) faces += std::string(faces.empty() ? "" : " ") + "-+"[f & 1] + "xyz"[f >> 1];
        ImGui::TextDisabled("label %.9g; faces toward another label: %s (%d triangles)", double(e->label),
                            faces.c_str(), 2 * labels::face_count(e->label_faces));
    }
    if (e->scan) {
        ImGui::TextWrapped("A scan has no levels: the key falls in tile %u (%u base texels in Morton order), "
                           "whose first active element got key %s; it is the tile's element %u -> base texel (%d, %d).",
                           e->place.tile, e->place.size, with_thousands(e->place.start).c_str(), e->place.offset,
                           e->base.x, e->base.y);
        return;
    }
    walk_table(in, *e);
}

}  // namespace hp

#include "overlay_rows.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <string>

#include "view_crop.h"

namespace hp {
namespace {

constexpr float kLabelWidth = 110;  // where a row's control starts, right of its title

}  // namespace

void row_title(const char* label) {
    ImGui::TextUnformatted(label);
    ImGui::SameLine(kLabelWidth);
}

void tooltip(const char* help) {
    if (help && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", help);
}

namespace {

// Radio buttons for the choices [first, last) of a row, after its title.
void radio_row(const Setting& row, DemoState* s, const char* label, const std::vector<const char*>& names,
               std::size_t first, std::size_t last) {
    ImGui::TextUnformatted(label);
    const double v = row.get(*s);
    for (std::size_t i = first; i < last; ++i) {
        ImGui::SameLine(i == first ? kLabelWidth : 0.0f);
        if (ImGui::RadioButton(names[i], v == double(i))) set_value(row, s, double(i));
    }
}

// A row as its type draws it: radio buttons (a combo past three choices), a checkbox, a slider.
void generic_row(const Controls& c, const Setting& row) {
    const std::vector<const char*> names = choices(row, c.context);
    if (row.kind == SettingKind::Choice && names.size() <= 3) {
        radio_row(row, &c.s, row.label, names, 0, names.size());
    } else if (row.kind == SettingKind::Choice) {
        row_title(row.label);
        ImGui::SetNextItemWidth(-1);
        const std::string id = std::string("##") + row.key;
        if (ImGui::BeginCombo(id.c_str(), setting_text(row, c.s, c.context).c_str())) {
            for (std::size_t i = 0; i < names.size(); ++i)
                if (ImGui::Selectable(names[i], row.get(c.s) == double(i))) set_value(row, &c.s, double(i));
            ImGui::EndCombo();
        }
    } else if (row.kind == SettingKind::Flag) {
        bool on = row.get(c.s) != 0;
        if (ImGui::Checkbox(row.label, &on)) set_value(row, &c.s, on);
    } else if (row.whole) {  // a count: typed, or stepped (by 1, or by 1000 where it runs to millions)
        row_title(row.label);
        ImGui::SetNextItemWidth(-1);
        int v = int(row.get(c.s));
        const bool big = row.hi > 1000;
        if (ImGui::InputInt((std::string("##") + row.key).c_str(), &v, big ? 1000 : 1, big ? 10000 : 10))
            set_value(row, &c.s, std::clamp(double(v), row.lo, row.hi));
    } else if (row.hi - row.lo > 1e6) {  // a quantity of no useful slider range (mm³)
        row_title(row.label);
        ImGui::SetNextItemWidth(-1);
        double v = row.get(c.s);
        if (ImGui::InputDouble((std::string("##") + row.key).c_str(), &v, 0, 0, "%.0f"))
            set_value(row, &c.s, std::clamp(v, row.lo, row.hi));
    } else {
        row_title(row.label);
        ImGui::SetNextItemWidth(-1);
        float v = float(row.get(c.s));
        if (ImGui::SliderFloat((std::string("##") + row.key).c_str(), &v, float(row.lo), float(row.hi), "%.3f"))
            set_value(row, &c.s, v);
    }
    tooltip(row.help);
}

// --- the rows with a layout of their own ---------------------------------------------------

// The WebGL2 pyramids, then the WebGPU modes: shown disabled, with the reason, where the
// browser has no WebGPU.
void pyramid_rows(const Controls& c, const Setting& row) {
    radio_row(row, &c.s, row.label, row.names, 0, 3);
    tooltip(row.help);
    const std::string& no_webgpu = c.app.webgpu_unavailable();
    ImGui::BeginDisabled(!no_webgpu.empty());
    radio_row(row, &c.s, "WebGPU", row.names, 3, 5);
    ImGui::EndDisabled();
    if (!no_webgpu.empty()) ImGui::TextDisabled("WebGPU: %s", no_webgpu.c_str());
    else tooltip("compute shaders: a block-wise prefix sum and scatter, or a compute histopyramid");
}

// iso over the source's range; for a loaded file, over the histogram of its values (log counts)
// with iso marked, and its presets.
void iso_row(const Controls& c, const Setting& row) {
    const std::array<float, 2> range = c.context.range_of(c.s);
    const LoadedVolume* loaded = c.app.sources().shown(c.s);
    const bool wide = range[1] - range[0] > 10;  // data units (a CT's HU): tenths are enough
    if (loaded && !loaded->histogram.empty()) {
        const std::vector<float>& histogram = loaded->histogram;
        ImGui::TextDisabled("values %.6g to %.6g", double(range[0]), double(range[1]));
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const ImVec2 size(ImGui::GetContentRegionAvail().x, 40);
        ImGui::PlotHistogram("##histogram", histogram.data(), int(histogram.size()), 0, nullptr, 0.0f, FLT_MAX, size);
        const float t = range[1] > range[0] ? (c.s.iso - range[0]) / (range[1] - range[0]) : 0.0f;
        const float x = at.x + std::clamp(t, 0.0f, 1.0f) * size.x;
        ImGui::GetWindowDrawList()->AddLine({x, at.y}, {x, at.y + size.y}, IM_COL32(255, 158, 38, 255), 2.0f);
    }
    row_title(row.label);
    ImGui::SetNextItemWidth(-1);
    float v = c.s.iso;
    if (ImGui::SliderFloat("##iso", &v, range[0], range[1], wide ? "%.1f" : "%.3f")) set_value(row, &c.s, v);
    tooltip(row.help);
    if (!loaded) return;
    for (const IsoPreset& p : loaded->presets) {
        if (ImGui::SmallButton(p.name.c_str())) set_value(row, &c.s, p.iso);
        ImGui::SameLine();
    }
    if (!loaded->presets.empty()) ImGui::NewLine();
    // The first level of a bricked compaction (brick_grid.h): what bricks would hold at this iso.
    const LoadedVolume* cut = c.app.sources().values_shown(c.s);  // a shell where one is made
    if (c.s.classify == Classify::Solid || !cut || cut->bricks.lo.empty()) return;
    if (c.s.classify == Classify::Surface) {
        const BrickCount n = active_bricks(cut->bricks, c.s.iso);
        const double voxels = double(cut->volume.values.size());
        ImGui::TextDisabled("%d³ bricks: %llu of %zu active (%.0f%% of voxels)", cut->bricks.size, (unsigned long long)n.active,
                            cut->bricks.bricks(), voxels > 0 ? 100.0 * double(n.voxels_held) / voxels : 0.0);
        std::uint32_t on_gpu = 0;  // the WebGL2 modes find them with a histopyramid over the bricks too
        if (c.app.bricks_on_gpu(&on_gpu)) ImGui::TextDisabled("found by the GPU's brick pyramid: %u", on_gpu);
    }
    if (const BrickedSurface::Figures* f = c.app.bricks().figures())  // the surface made in bricks
        ImGui::TextDisabled("surface in %d³ bricks: %u round%s of at most %u,\na pool of %u slots, %u bricks uploaded", c.s.brick,
                            f->rounds, f->rounds == 1 ? "" : "s", f->round, f->slots, f->uploaded);
}

// The sizes with their atlases.
void volume_row(const Controls& c, const Setting& row) {
    row_title(row.label);
    ImGui::SetNextItemWidth(-1);
    static const char* sizes[] = {"64³ in 512²", "128³ in 2048²", "256³ in 4096²",
                                  "512³ in 16384² (WebGPU; WebGL2 with uint sums)"};
    int index = int(std::find(row.values.begin(), row.values.end(), double(c.s.volume)) - row.values.begin());
    ImGui::BeginDisabled(!row.enabled(c.s));
    if (ImGui::Combo("##volume", &index, sizes, int(row.values.size()))) set_value(row, &c.s, row.values[std::size_t(index)]);
    ImGui::EndDisabled();
}

// Pause and time on one row.
void time_row(const Controls& c, const Setting& row) {
    row_title(row.label);
    ImGui::Checkbox("Pause", &c.s.paused);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    float t = float(c.s.time);
    if (ImGui::SliderFloat("##time", &t, 0.0f, 60.0f, "%.2f s")) set_value(row, &c.s, t);
}

// Steps of a thousand keys, within the row's limit (the atlas's texels).
void expected_row(const Controls& c, const Setting& row) {
    row_title(row.label);
    ImGui::SetNextItemWidth(-1);
    int e = int(c.s.expected);
    if (ImGui::InputInt("##expected", &e, 1000, 10000)) {
        set_value(row, &c.s, double(std::max(e, 0)));
        row.limit(&c.s, c.context, false);
    }
}

// The crop box: each axis's first and last voxel as one range (a last at the volume's end is
// kept as -1, the end of any volume), the box shown in the 3D view, and the whole volume back.
void crop_row(const Controls& c, const Setting& row) {
    static const char* kAxes[3][3] = {{"##cropX", "cropX0", "cropX1"}, {"##cropY", "cropY0", "cropY1"},
                                      {"##cropZ", "cropZ0", "cropZ1"}};
    const std::array<int, 3> dims = c.context.layout_of(c.s).dims;
    const CropBox b = crop_of(c.s, dims);
    for (std::size_t a = 0; a < 3; ++a) {
        row_title(a == 0 ? row.label : "");
        ImGui::SetNextItemWidth(-1);
        int lo = b.lo[a], hi = b.hi[a];
        const char* format = a == 0 ? "x %d" : a == 1 ? "y %d" : "z %d";
        if (ImGui::DragIntRange2(kAxes[a][0], &lo, &hi, 0.25f, 0, dims[a] - 1, format, format)) {
            set_value(*find_setting(kAxes[a][1]), &c.s, std::clamp(lo, 0, dims[a] - 1));
            set_value(*find_setting(kAxes[a][2]), &c.s, hi >= dims[a] - 1 ? -1 : std::max(hi, lo));
        }
        tooltip("the crop box's first and last voxel along this axis: voxels outside it are background, and\n"
                "the surface is closed at the box (drag the handles in the 3D view too)");
    }
    ImGui::Dummy({kLabelWidth - ImGui::GetStyle().ItemSpacing.x, 0});
    ImGui::SameLine();
    ImGui::Checkbox("Show box", &crop_box_shown());
    ImGui::SameLine();
    if (ImGui::SmallButton("Whole"))
        for (const auto& axis : kAxes) set_value(*find_setting(axis[1]), &c.s, 0), set_value(*find_setting(axis[2]), &c.s, -1);
}

// What the shell made (shell_cache.h): its cavities, holes and material, in voxels.
void shell_after(const Controls& c) {
    const ShellCache& shell = c.app.sources().shell();
    if (!shell.error().empty()) return ImGui::TextDisabled("%s", shell.error().c_str());
    const ShellInfo* i = shell.info();
    if (!i || i->wall_mm != c.s.shell) return;
    ImGui::TextDisabled("%zu holes, %zu cavities filled; %.0f%% of the solid", i->holes, i->filled,
                        i->solid_mm3 > 0 ? 100 * i->material_mm3 / i->solid_mm3 : 0.0);
}

void readback_after(const Controls& c) {
    const FrameResult& r = c.app.result();
    if (c.app.state().readback == Readback::Async)
        ImGui::TextDisabled(r.count_read ? "async count: this frame's" : "async count: %u frame(s) old; %u keys drawn",
                            r.count_age, r.keys_drawn);
}

// The camera, and the GPU's surface's size.
void route_after(const Controls& c) {
    if (ImGui::Button("Reset camera")) c.app.camera().reset();
    const FrameResult& r = c.app.result();
    if (r.mesh && r.shared_vertices)
        ImGui::TextDisabled("%s indices, %s vertices", with_thousands(r.vertices).c_str(),
                            with_thousands(r.shared_vertices).c_str());
    else if (r.mesh)
        ImGui::TextDisabled("%s vertices", with_thousands(r.vertices).c_str());
}

struct RowLayout {
    const char* key;
    void (*draw)(const Controls&, const Setting&);  // null: the row's generic control
    void (*after)(const Controls&);                 // what follows the row
};
const RowLayout kRowLayouts[] = {
    {"pyramid", pyramid_rows, nullptr}, {"source", source_row, nullptr}, {"classify", nullptr, labels_after},
    {"iso", iso_row, nullptr},
    {"volume", volume_row, nullptr},
    {"time", time_row, nullptr},       {"cropX0", crop_row, nullptr},        {"expected", expected_row, nullptr}, {"readback", nullptr, readback_after},
    {"route", nullptr, route_after},   {"processed", nullptr, mesh_after}, {"printUp", nullptr, shell_after},
};

}  // namespace

void setting_rows(const Controls& c) {
    for (const Setting& row : settings()) {
        if (!row.label || (row.shown && !row.shown(c.s))) continue;
        const RowLayout* own = nullptr;
        for (const RowLayout& l : kRowLayouts)
            if (std::string(l.key) == row.key) own = &l;
        if (own && own->draw) {
            ImGui::BeginDisabled(row.enabled && !row.enabled(c.s));
            own->draw(c, row);
            ImGui::EndDisabled();
        } else {
            ImGui::BeginDisabled(row.enabled && !row.enabled(c.s));
            generic_row(c, row);
            ImGui::EndDisabled();
        }
        if (own && own->after) own->after(c);
    }
}

}  // namespace hp

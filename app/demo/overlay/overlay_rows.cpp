#include "overlay_rows.h"

#include "exporter.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

namespace hp {
namespace {

constexpr float kLabelWidth = 110;  // where a row's control starts, right of its title

void row_title(const char* label) {
    ImGui::TextUnformatted(label);
    ImGui::SameLine(kLabelWidth);
}

void tooltip(const char* help) {
    if (help && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", help);
}

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

// The sources, a PNG atlas or a file only once one is loaded (each source keeps its own iso);
// then opening a file (or dropping one on the page), the samples, and what is loaded.
// A DICOM folder's series: the one shown (modality, description, slices) and, in its list, the
// others to switch to (a single slice is no volume: listed, not offered).
void dicom_series_rows(const Controls& c, const LoadedVolume& l) {
    const auto label = [](const DicomSeriesInfo& s) {
        return (s.modality.empty() ? "DICOM" : s.modality) + " · " +
               (s.description.empty() ? "(no description)" : s.description) + " · " + std::to_string(s.slices) +
               (s.slices == 1 ? " slice, " : " slices, ") + std::to_string(s.dims[0]) + "×" + std::to_string(s.dims[1]);
    };
    const auto shown = std::find_if(l.series.begin(), l.series.end(),
                                    [&](const DicomSeriesInfo& s) { return s.uid == l.series_shown; });
    if (shown == l.series.end()) return;
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##series", label(*shown).c_str())) {
        for (const DicomSeriesInfo& s : l.series) {
            const std::string text = label(s) + "##" + s.uid;
            if (ImGui::Selectable(text.c_str(), &s == &*shown, s.slices < 2 ? ImGuiSelectableFlags_Disabled : 0) &&
                &s != &*shown)
                c.actions->open_series = s.uid;
        }
        ImGui::EndCombo();
    }
    tooltip(l.series.size() > 1 ? "the series shown; the others the files hold, to open instead"
                                : "the series shown (the only one the files hold)");
}

void source_row(const Controls& c, const Setting& row) {
    row_title(row.label);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##source", name_of(c.s.source))) {
        for (std::size_t i = 0; i < row.names.size(); ++i) {
            const bool usable = c.app.sources().can_show(Source(i));
            const std::string name = usable ? row.names[i] : row.names[i] + std::string(" (load one first)");
            if (ImGui::Selectable(name.c_str(), c.s.source == Source(i), usable ? 0 : ImGuiSelectableFlags_Disabled))
                c.app.choose_source(Source(i));
        }
        ImGui::EndCombo();
    }
    if (ImGui::Button("Open file...")) c.actions->open_file = true;
    tooltip("a volume (NIfTI .nii/.nii.gz, NRRD, MetaImage .mha, VTK, raw named like\n"
            "head_256x256x108_int16.raw), a PNG slice atlas, DICOM files or a .zip of them;\n"
            "or drop it (or a folder) on the page");
    ImGui::SameLine();
    if (ImGui::Button("Open folder...")) c.actions->open_folder = true;
    tooltip("a folder of DICOM files (a CT or MR series; every file in it and its subfolders is read)");
    ImGui::SetNextItemWidth(160);
    if (ImGui::BeginCombo("##sample", "Sample")) {
        for (const auto& [name, label] : c.app.sources().samples())
            if (ImGui::Selectable(label.c_str())) c.actions->load_sample = name;
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(70);
    ImGui::InputInt("tile", &c.app.sources().png_tile(), 0, 0);
    tooltip("a PNG atlas's N: slices of N x N in the PNG");
    if (const LoadedVolume* l = c.app.sources().shown(c.s)) {
        const Volume& v = l->volume;
        ImGui::TextDisabled("%s: %d×%d×%d %s, %.4g×%.4g×%.4g", l->name.empty() ? v.file.c_str() : l->name.c_str(),
                            v.dims[0], v.dims[1], v.dims[2], v.type.c_str(), v.spacing[0], v.spacing[1], v.spacing[2]);
        for (const std::string& note : v.notes) ImGui::TextDisabled("%s", note.c_str());
        dicom_series_rows(c, *l);
    }
    const DemoApp::PageTask& task = c.app.page_task();
    if (!task.task.empty())
        ImGui::ProgressBar(task.total > 0 ? float(task.done) / float(task.total) : 0.0f, ImVec2(-1, 0),
                           task.task.c_str());
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
    if (!loaded || loaded->presets.empty()) return;
    for (const IsoPreset& p : loaded->presets) {
        if (ImGui::SmallButton(p.name.c_str())) set_value(row, &c.s, p.iso);
        ImGui::SameLine();
    }
    ImGui::NewLine();
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

// After the mesh steps' rows: saving the processed mesh, its report, the progress of one under
// way (mesh_process.h says what each line counts).
void mesh_after(const Controls& c) {
    static int file = 0;
    if (ImGui::Button("Save mesh")) {
        c.actions->save_mesh = true;
        c.actions->mesh_file = MeshFile(file);
    }
    tooltip("the processed mesh: the steps above, zero-area triangles merged away; world mm (glb: m)");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(60);
    ImGui::Combo("##meshfile", &file, kMeshFileNames.data(), int(kMeshFileNames.size()));
    ImGui::SameLine();
    if (ImGui::Button("Report")) c.app.ask_mesh_report();
    tooltip("make the processed mesh and count what a slicer checks");
    const MeshWork& w = c.app.mesh_work();
    const MeshProgress p = w.progress();
    if (p.task) {
        ImGui::ProgressBar(p.total > 0 ? float(p.done) / float(p.total) : 0.0f, ImVec2(-1, 0), p.task);
        return;
    }
    if (!w.done()) return;
    const MeshReport& r = w.report();
    const StepsDone& d = w.steps_done();
    ImGui::Text("%s triangles, %s vertices, %s piece%s", with_thousands(r.triangles).c_str(),
                with_thousands(r.vertices).c_str(), with_thousands(r.pieces).c_str(), r.pieces == 1 ? "" : "s");
    const bool sound = r.boundary_edges == 0 && r.nonmanifold_edges == 0 && r.zero_area == 0;
    ImGui::TextColored(sound ? ImVec4(0.55f, 0.85f, 0.55f, 1) : ImVec4(0.95f, 0.75f, 0.35f, 1),
                       "%zu boundary, %zu non-manifold edges; %zu zero-area", r.boundary_edges, r.nonmanifold_edges,
                       r.zero_area);
    ImGui::Text("volume %.2f mL, area %.2f cm²", r.volume_mm3 / 1000, r.area_mm2 / 100);
    if (d.decimate_from > 0)
        ImGui::TextDisabled(r.triangles > w.steps().decimate ? "decimated from %s, stopped short at the %.2f mm bound"
                                                             : "decimated from %s, error %.3f mm",
                            with_thousands(d.decimate_from).c_str(),
                            r.triangles > w.steps().decimate ? w.steps().max_error_mm : d.decimate_error_mm);
    ImGui::TextDisabled("%s; %zu zero-area merged; %.0f ms", w.closed() ? "capped at the faces" : "open at the faces",
                        d.zero_area_merged, w.ms());
}

// classify=labels: the label map's labels, each with its colour, name, voxels and (once the
// meshes are made: Report) triangles; a box shows or hides one, Solo shows it alone.
void labels_after(const Controls& c) {
    const std::vector<LabelInfo>* labels = c.s.classify == Classify::Labels ? c.app.sources().labels(c.s) : nullptr;
    if (!labels) return;
    const MeshWork& w = c.app.mesh_work();
    const FrameData f = c.app.frame_data();  // the meshes made of this label map (not a volume before it)
    const std::vector<MeshReport>* reports =
        w.done() && w.labels() && w.has(surface_key(f, true), steps_of(f)) ? &w.part_reports() : nullptr;
    std::size_t shown = 0;
    for (const LabelInfo& l : *labels) shown += l.shown;
    ImGui::TextDisabled("%zu labels, %zu shown", labels->size(), shown);
    ImGui::SameLine();
    if (ImGui::SmallButton("All")) c.actions->show_labels = true, c.actions->labels_shown.clear();
    tooltip("show every label");
    const float rows = float(std::min<std::size_t>(labels->size(), 8));
    if (!ImGui::BeginTable("##labels", 4, ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit,
                           ImVec2(-1, ImGui::GetTextLineHeightWithSpacing() * (rows + 1.5f))))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("voxels");
    ImGui::TableSetupColumn("triangles");
    ImGui::TableSetupColumn("");
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(int(labels->size()));
    while (clip.Step())
        for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
            const LabelInfo& l = (*labels)[std::size_t(i)];
            ImGui::PushID(i);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            bool on = l.shown;
            if (ImGui::Checkbox("##shown", &on)) {
                c.actions->show_labels = true;
                for (const LabelInfo& o : *labels)
                    if (&o == &l ? on : o.shown) c.actions->labels_shown.push_back(o.value);
                if (c.actions->labels_shown.empty()) c.actions->labels_shown.push_back(NAN);  // none shown
            }
            ImGui::SameLine();
            ImGui::ColorButton("##c", ImVec4(l.rgb[0] / 255.0f, l.rgb[1] / 255.0f, l.rgb[2] / 255.0f, 1),
                               ImGuiColorEditFlags_NoTooltip, ImVec2(ImGui::GetFrameHeight(), ImGui::GetFrameHeight()));
            ImGui::SameLine();
            ImGui::TextUnformatted(l.name.c_str());
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("value %.9g", double(l.value));
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(with_thousands(l.voxels).c_str());
            ImGui::TableNextColumn();
            if (reports && std::size_t(i) < reports->size())
                ImGui::TextUnformatted(with_thousands((*reports)[std::size_t(i)].triangles).c_str());
            else
                ImGui::TextDisabled("-");
            ImGui::TableNextColumn();
            if (ImGui::SmallButton("Solo")) c.actions->show_labels = true, c.actions->labels_shown = {l.value};
            ImGui::PopID();
        }
    ImGui::EndTable();
    if (!reports) ImGui::TextDisabled("triangles: Report makes the meshes");
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
    {"time", time_row, nullptr},        {"expected", expected_row, nullptr}, {"readback", nullptr, readback_after},
    {"route", nullptr, route_after},   {"processed", nullptr, mesh_after},
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

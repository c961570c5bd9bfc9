// The overlay's source row: the sources, opening a file or a folder, the samples, what is
// loaded and a DICOM folder's series (overlay_rows.h).
#include <imgui.h>

#include <algorithm>
#include <string>

#include "overlay_rows.h"

namespace hp {
namespace {

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

}  // namespace

// The sources, a PNG atlas or a file only once one is loaded (each source keeps its own iso);
// then opening a file (or dropping one on the page), the samples, and what is loaded.
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
}  // namespace hp

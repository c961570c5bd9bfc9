// The overlay's rows after the mesh steps and after classify=labels: saving the processed mesh
// and its report; the label map's labels (overlay_rows.h).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "exporter.h"
#include "overlay_rows.h"

namespace hp {

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

}  // namespace hp

// What the processed mesh (mesh_work.h) is made from, for the frame that ran (FrameData): the
// volume's values or the GPU's own indexed surface, the volume's world frame (LPS, mm) and the
// steps the settings ask for; and the report's JSON. Free functions; the read-backs
// (readbacks.h) call them with what they read.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend.h"
#include "mesh_export.h"
#include "mesh_work.h"
#include "sources.h"

namespace hp {
class JsonWriter;
}

namespace hp {

struct FrameData {
    const DemoState& state;
    const FrameResult& result;
    const AtlasLayout& layout;
    Backend* backend;  // null: no pipeline
    const Sources& sources;
};

// Whether a read's mesh is capped at the volume's faces: its own choice (0 or 1), else (-1) the
// `closed` setting's.
bool closed_of(const FrameData& f, int asked);
// The steps the settings ask for, the decimation bound by the volume's smallest spacing.
MeshSteps steps_of(const FrameData& f);
// Whether the GPU's own indexed surface serves (WebGPU with vertices=shared, not capped).
bool gpu_indexes(const FrameData& f, bool closed);
// What the frame's welded surface is of: the volume (a loaded one's load, a procedural one's
// source, size and time), iso, capping, and whether the GPU indexes it.
std::string surface_key(const FrameData& f, bool closed);
// A mesh's input for the frame: its key, steps and capping, the volume's world, dims and iso;
// the surface itself (values, or the GPU's indexed mesh) is the caller's to add.
MeshInput mesh_input(const FrameData& f, const std::string& key, const MeshSteps& steps, bool closed);
// The volume this frame ran on into *in: a loaded volume's own values, else `atlas` (S×S floats
// read back; false with *error when it is missing).
bool read_values(const FrameData& f, const float* atlas, MeshInput* in, std::string* error);
// The processed mesh for the 3D view: back in voxel index units (the inverse of its world map).
void voxel_surface(const MeshWork& w, ProcessedSurface* out);
// hp.meshReport()'s JSON: the report, what the steps did, and the steps.
// `labels`: a label map's (classify=labels), whose meshes the report adds as `labels: [...]`.
// `shell`: the shell the mesh was made of (shell_json), "null" where none.
std::string mesh_report_json(const MeshWork& w, const std::vector<LabelInfo>* labels = nullptr,
                             const std::string& shell = "null");
// A label map's meshes as written: named and coloured as the labels are now, the shown ones.
WorldMesh labelled_mesh(const WorldMesh& mesh, const std::vector<LabelInfo>& labels);
// The labels' JSON (hp.labels(), the report's `labels`): value, name, color, voxels, shown and,
// where `reports` has them (one a label, in order), the mesh's triangles, volume and area.
void labels_json(JsonWriter& j, const std::vector<LabelInfo>& labels, const std::vector<MeshReport>* reports);

}  // namespace hp

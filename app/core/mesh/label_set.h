// A label map's labels as the page lists them (classify=labels): the volume's distinct values
// but 0 (the background), with their voxel counts, names and colours (from the file or a table
// given with it, else "label N" and the fixed palette), and which are shown. What the overlay's
// list, hp.labels(), the 3D view's colours and the mesh files' parts read.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "label_table.h"
#include "voxel_values.h"
#include "world_mesh.h"

namespace hp {

struct LabelInfo {
    float value = 0;
    std::string name;
    std::array<std::uint8_t, 3> rgb{};
    std::uint64_t voxels = 0;
    bool shown = true;
    bool named = false;  // the name came from a table or the file
};

// The distinct values of `values` but 0, ascending, with their voxel counts. False with why
// where one is not a whole number or there are more than kMaxLabels of them (not a label map:
// a scan's intensities, or a label map opened downsampled, whose block means are fractions).
bool count_labels(const VoxelValues& values, std::vector<LabelInfo>* out, std::string* why);
// Names and colours from `table` where it has the value; "label N" and palette_color(rank)
// elsewhere. Keeps `shown`.
void name_labels(const LabelTable& table, std::vector<LabelInfo>* labels);
// The labels as the mesh's parts (world_mesh.h), in the same order.
std::vector<MeshPart> mesh_parts(const std::vector<LabelInfo>& labels);
// The 3D view's label colours, 4 floats a label (both backends' shaders read them: label_colors.glsl,
// surface.wgsl): its value, its colour packed r·65536 + g·256 + b (exact in a float), 1 where it is
// shown; zeros past the labels up to `texels` (a texture's width × rows, or a buffer's labels).
std::vector<float> label_color_texels(const std::vector<LabelInfo>& labels, std::size_t texels);
// The index of `value` in labels (ascending), or -1.
int label_index(const std::vector<LabelInfo>& labels, float value);

}  // namespace hp

// A label map's meshes (classify=labels) decimated with their shared faces kept shared.
//
// The meshes are cut into sheets: the triangles of the labels' union (label_merge.h) grouped by
// who holds them — the faces between labels 3 and 7 are one sheet, those between 3 and the
// background another. Each sheet is simplified once, by meshoptimizer (quadric error) with its
// border locked, and its result goes back to every label that holds it, turned as that label
// held it. A sheet's border is where it meets another sheet: the lines where three or more
// labels (or two and the background) meet. Those lines are kept as they are, the same for every
// label, so each label stays closed and each interface is one set of triangles in both meshes.
//
// The target is the labels' triangles together (as the report counts them). Each sheet is first
// given its share of it; a sheet that cannot shrink that far (a narrow strip whose vertices are
// all on its border, or the error bound) leaves the rest to the sheets that could, in up to four
// rounds. Zero-area triangles are merged after (merge_label_zero_area).
#pragma once

#include <cstdint>

#include "world_mesh.h"

namespace hp {

// Decimates *m (with face_part, face_other, parts) to about `target_triangles`, each sheet's
// error within max_error_mm. Returns the largest error a sheet's simplifier reports, mm (summed
// over its rounds); the triangles left say whether it stopped short.
double decimate_labels(WorldMesh* m, std::uint32_t target_triangles, double max_error_mm);

}  // namespace hp

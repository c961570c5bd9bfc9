// Zero-area triangles of a label map's meshes (classify=labels, label_nets.h) merged away, as
// merge_zero_area does for one surface (mesh_process.h), without pulling a shared face apart:
// the merge runs in the labels' union, where each place is one node however many labels have a
// vertex there (as the joint smoothing's union, mesh_process.h). A triangle under kZeroArea gets
// its nodes merged (its shortest edge, and any edge of no length); every label's vertex at a
// merged node moves to the node kept, and one label's vertices at one node become one. A face
// two labels share is the same three nodes in both meshes, so both copies change alike: both
// collapse, or both keep their three corners. The triangles that collapse (a repeated vertex)
// are dropped, and so are pairs of one label's triangles over the same vertices turned opposite
// ways; rounds until no zero-area triangle is left (at most 32). Each triangle's part and other
// side (face_part, face_other) follow it.
#pragma once

#include <cstddef>

#include "world_mesh.h"

namespace hp {

// Returns the triangles removed.
std::size_t merge_label_zero_area(WorldMesh* m);

}  // namespace hp

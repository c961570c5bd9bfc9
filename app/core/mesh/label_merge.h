// Zero-area triangles of a label map's meshes (classify=labels, label_nets.h) merged away, as
// merge_zero_area does for one surface (mesh_process.h), without pulling a shared face apart:
// the merge runs in the labels' union, where each place is one node however many labels have a
// vertex there (as the joint smoothing's union, mesh_process.h). A triangle under kZeroArea gets
// its nodes merged (its shortest edge, and any edge of no length: of three points on a line the
// middle one goes to the nearer end, so a line stays where it ran); every label's vertex at a
// merged node moves to the node kept, and one label's vertices at one node become one. A face
// two labels share is the same three nodes in both meshes, so both copies change alike: both
// collapse, or both keep their three corners. The triangles that collapse (a repeated vertex)
// are dropped, and so are pairs of one label's triangles over the same vertices turned opposite
// ways; rounds until no zero-area triangle is left (at most 32). Each triangle's part and other
// side (face_part, face_other) follow it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "world_mesh.h"

namespace hp {

// The labels' union: each vertex's node (one a position, compared exactly: every label's vertex
// at a shared place has the same coordinates) and the nodes' places. The merge, the joint
// smoothing (mesh_process.h) and the decimation (label_decimate.h) work on it.
struct LabelNodes {
    std::vector<std::uint32_t> of;
    std::vector<Vec3> at;
};
LabelNodes label_nodes(const WorldMesh& m);
// Every triangle's corners as a set (sorted: a ≤ b ≤ c; the nodes of `node_of` where given,
// else the mesh's vertices) and its index t, ordered by corners then t: the triangles over the
// same three corners (a shared face's two copies, a fold) come together.
struct CornerKey {
    std::uint32_t a, b, c, t;
    bool same_corners(const CornerKey& o) const { return a == o.a && b == o.b && c == o.c; }
};
std::vector<CornerKey> triangles_by_corners(const WorldMesh& m, const std::vector<std::uint32_t>* node_of);

// Returns the triangles removed.
std::size_t merge_label_zero_area(WorldMesh* m);

}  // namespace hp

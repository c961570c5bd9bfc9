// Each triangle of a label map's meshes carries the label on its other side (0: the background)
// from the extraction through the steps and into the files (label_nets.h, world_mesh.h), and the
// interface check that uses it (label_checks.h) finds a crack that the check by holders alone
// passes: one interface triangle's corner moved.
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "label_checks.h"
#include "mesh_export.h"
#include "mesh_files.h"
#include "mesh_process.h"
#include "volume_file.h"

namespace hp {
namespace {


WorldMesh quadrant_meshes() {
    const test::Dims d{10, 9, 8};
    const std::vector<float> v = test::quadrants(d);
    Welder w;
    w.add(label_volume_mesh(v.data(), d, 0, d[2]));
    return to_world(w.take(), kIdentityToWorld, {{1, "one", {}}, {2, "two", {}}, {3, "three", {}}, {4, "four", {}},
                                          {7, "seven", {}}, {9, "nine", {}}});
}

TEST(LabelPairs, OneInterfaceTriangleMovedIsACrack) {
    WorldMesh m = quadrant_meshes();
    ASSERT_EQ(m.face_other.size(), m.triangles());
    const test::PairCheck sound = test::check_pairs(test::label_tris(m));
    EXPECT_EQ(sound.pair_problems, 0u) << (sound.pairs.empty() ? "" : sound.pairs[0]);
    EXPECT_EQ(sound.holder_problems, 0u);
    EXPECT_GT(sound.shared, 100u);
    EXPECT_GT(sound.background, 100u);
    // Label 1's first triangle against label 2: one of its corners (label 1's own vertex) moved a
    // quarter voxel. Label 1 stays closed; the faces it shared with label 2 there no longer meet.
    std::size_t t = 0;
    while (t < m.triangles() && !(m.parts[m.face_part[t]].label == 1 && m.face_other[t] == 2)) ++t;
    ASSERT_LT(t, m.triangles());
    m.positions[m.faces[3 * t]] = m.positions[m.faces[3 * t]] + Vec3{0.25, 0.125, 0.0625};
    for (const MeshReport& r : part_reports(m)) EXPECT_EQ(r.boundary_edges, 0u);
    const test::PairCheck cracked = test::check_pairs(test::label_tris(m));
    EXPECT_EQ(cracked.holder_problems, 0u) << "the check by holders alone passes a crack";
    EXPECT_GT(cracked.pair_problems, 0u) << "the crack is not found";
    ASSERT_FALSE(cracked.pairs.empty());
    EXPECT_NE(cracked.pairs[0].find("no twin"), std::string::npos) << cracked.pairs[0];
}

// The shown labels' mesh (what a file of some labels holds) keeps each triangle's other side:
// toward a hidden label too, whose twins are not in it.
TEST(LabelPairs, ShownPartsKeepTheOtherSide) {
    const WorldMesh m = quadrant_meshes();
    const WorldMesh shown = shown_parts(m, {1, 2});
    ASSERT_EQ(shown.face_other.size(), shown.triangles());
    const std::set<float> present{1, 2};
    const test::PairCheck c = test::check_pairs(test::label_tris(shown), &present);
    EXPECT_EQ(c.pair_problems, 0u) << (c.pairs.empty() ? "" : c.pairs[0]);
    std::size_t toward_hidden = 0;
    for (float o : shown.face_other) toward_hidden += o != 0 && !present.count(o);
    EXPECT_GT(toward_hidden, 10u);
}

// The PLY holds each face's label and other side (int label, int other_label after its colour).
TEST(LabelPairs, PlyFacesCarryLabelAndOtherSide) {
    const WorldMesh m = quadrant_meshes();
    const std::vector<std::uint8_t> ply = mesh_file::ply(m);
    const std::string text(ply.begin(), ply.end());
    const std::size_t end = text.find("end_header\n");
    ASSERT_NE(end, std::string::npos);
    const std::string header = text.substr(0, end);
    ASSERT_NE(header.find("property uchar blue\nproperty int label\nproperty int other_label\n"), std::string::npos)
        << header;
    const std::size_t faces = end + 11 + m.positions.size() * 24;
    ASSERT_EQ(ply.size(), faces + m.triangles() * 24);
    for (std::size_t t = 0; t < m.triangles(); ++t) {
        std::int32_t label = 0, other = 0;
        std::memcpy(&label, &ply[faces + 24 * t + 16], 4);
        std::memcpy(&other, &ply[faces + 24 * t + 20], 4);
        ASSERT_EQ(float(label), m.parts[m.face_part[t]].label) << t;
        ASSERT_EQ(float(other), m.face_other[t]) << t;
    }
}

}  // namespace
}  // namespace hp

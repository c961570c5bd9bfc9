// Zero-area triangles of a label map's meshes merged away as the page makes its mesh (MeshWork,
// classify=labels), in the labels' union (label_merge.h): none left, every label still closed,
// every shared face still shared, each triangle's other side still right.
//
// Surface nets over labels make no degenerate triangle in voxel units (the smallest is a lone
// voxel's, 1/18 of a voxel face), so zero-area triangles (under kZeroArea, 10⁻⁹ mm²) come from
// small voxels: at 0.1 µm (high-resolution microscopy) a lone voxel's triangles are 5.6·10⁻¹⁰ mm².
// The label map below has such voxels inside a label, on the interface between two labels
// and against the background.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "label_checks.h"
#include "label_merge.h"
#include "mesh_work.h"
#include "volume_file.h"

namespace hp {
namespace {

constexpr double kSpacing = 1e-4;  // mm: 0.1 µm voxels

// Two labels meeting on a plane, lone voxels of a third inside label 1, on the interface and at
// the background, and a rod of label 4 one voxel thick through label 2.
std::vector<float> specks(const test::Dims& d) {
    std::vector<float> v(std::size_t(d[0]) * d[1] * d[2], 0.0f);
    for (int z = 1; z < d[2] - 1; ++z)
        for (int y = 1; y < d[1] - 1; ++y)
            for (int x = 1; x < d[0] - 1; ++x) v[test::at(d, x, y, z)] = x < d[0] / 2 ? 1.0f : 2.0f;
    for (const auto& [x, y, z] : {std::array<int, 3>{3, 3, 3}, {4, 9, 8}, {d[0] / 2 - 1, 6, 5}, {d[0] / 2, 9, 7},
                                  {5, 1, 6}})
        v[test::at(d, x, y, z)] = 3;
    for (int z = 2; z < d[2] - 2; ++z) v[test::at(d, d[0] - 4, 5, z)] = 4;
    return v;
}

MeshInput label_input(const std::vector<float>& v, const test::Dims& d, const MeshSteps& steps) {
    MeshInput in;
    in.surface_key = "specks " + std::to_string(steps.smooth);
    in.owned = v;
    in.dims = d;
    in.labels = true;
    in.parts = {{1, "one", {}}, {2, "two", {}}, {3, "three", {}}, {4, "four", {}}};
    in.world = {kSpacing, 0, 0, 0, 0, kSpacing, 0, 0, 0, 0, kSpacing, 0};
    in.steps = steps;
    return in;
}

WorldMesh unmerged(const std::vector<float>& v, const test::Dims& d) {
    Welder w;
    w.add(label_volume_mesh(v.data(), d, 0, d[2]));
    const MeshInput in = label_input(v, d, {});
    return to_world(w.take(), in.world, in.parts);
}

void expect_sound(const WorldMesh& m, const char* what) {
    for (const MeshReport& r : part_reports(m)) {
        EXPECT_EQ(r.zero_area, 0u) << what;
        EXPECT_EQ(r.boundary_edges, 0u) << what;
    }
    ASSERT_EQ(m.face_other.size(), m.triangles()) << what;
    const test::PairCheck c = test::check_pairs(test::label_tris(m));
    EXPECT_EQ(c.holder_problems, 0u) << what << ": " << (c.holders.empty() ? "" : c.holders[0]);
    EXPECT_EQ(c.pair_problems, 0u) << what << ": " << (c.pairs.empty() ? "" : c.pairs[0]);
    EXPECT_GT(c.shared, 100u) << what;
}

TEST(LabelMerge, ZeroAreaTrianglesMergedKeepingSharedFacesShared) {
    const test::Dims d{16, 14, 12};
    const std::vector<float> v = specks(d);
    const WorldMesh before = unmerged(v, d);
    std::size_t zero = 0;
    for (const MeshReport& r : part_reports(before)) zero += r.zero_area;
    ASSERT_GT(zero, 20u) << "the label map makes no zero-area triangles to merge";
    for (const int smooth : {0, 5}) {
        MeshSteps steps;
        steps.smooth = smooth;
        MeshWork work;
        work.start(label_input(v, d, steps));
        for (int i = 0; i < 1000 && !work.step(1000); ++i) {
        }
        ASSERT_TRUE(work.done()) << work.failed();
        const char* what = smooth ? "smoothed" : "welded";
        EXPECT_GE(work.steps_done().zero_area_merged, zero) << what;
        expect_sound(work.mesh(), what);
        const std::vector<MeshReport> parts = work.part_reports();
        ASSERT_EQ(parts.size(), 4u);
        // The two large labels keep their volume (their lone voxels' cavities closed up).
        const std::vector<MeshReport> was = part_reports(before);
        for (std::size_t p = 0; p < 2; ++p)
            EXPECT_NEAR(parts[p].volume_mm3 / was[p].volume_mm3, 1.0, 0.03) << what << " label " << p + 1;
    }
}

// The function alone, on the same meshes: what it removes, and nothing where nothing is under
// the bound (the same label map in millimetre voxels).
TEST(LabelMerge, NothingMergedWhereNoTriangleIsUnderTheBound) {
    const test::Dims d{16, 14, 12};
    const std::vector<float> v = specks(d);
    WorldMesh small = unmerged(v, d);
    const std::size_t triangles = small.triangles();
    const std::size_t removed = merge_label_zero_area(&small);
    EXPECT_GT(removed, 0u);
    EXPECT_EQ(small.triangles(), triangles - removed);
    expect_sound(small, "merged");
    Welder w;
    w.add(label_volume_mesh(v.data(), d, 0, d[2]));
    WorldMesh mm = to_world(w.take(), kIdentityToWorld);
    const WorldMesh copy = mm;
    EXPECT_EQ(merge_label_zero_area(&mm), 0u);
    EXPECT_EQ(mm.faces, copy.faces);
    EXPECT_EQ(mm.face_other, copy.face_other);
}

}  // namespace
}  // namespace hp

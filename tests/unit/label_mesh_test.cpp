// The label surface (classify=labels, app/core/mesh/label_nets.h): each label's mesh closed, the
// interfaces between labels the same triangles in both meshes the other way round (also where
// three and four labels meet in one cell), the volumes those of the voxels, and the GPU's
// reference (voxels in stream order) the same triangles as the export's (voxels in layers).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "atlas_layout.h"
#include "cpu_reference.h"
#include "label_checks.h"
#include "label_nets.h"
#include "mesh_process.h"
#include "mesh_export.h"
#include "reference_mesh.h"
#include "volume_atlas.h"
#include "volume_file.h"

namespace hp {
namespace {

using test::at;
using test::Dims;
using test::quadrants;

struct Tri {
    std::array<std::array<float, 3>, 3> p;
};
using Key = std::array<std::array<float, 3>, 3>;  // positions sorted
Key key_of(const Tri& t) {
    Key k = t.p;
    std::sort(k.begin(), k.end());
    return k;
}
// +1 when t's corners in order are an even turn of the sorted key, −1 otherwise.
int turn_of(const Tri& t) {
    const Key k = key_of(t);
    int first = 0;
    while (t.p[std::size_t(first)] != k[0]) ++first;
    return t.p[std::size_t((first + 1) % 3)] == k[1] ? 1 : -1;
}

std::map<float, std::vector<Tri>> by_label(const EdgeMesh& m) {
    std::map<float, std::vector<Tri>> out;
    for (std::size_t k = 0; k + 2 < m.vertices(); k += 3) {
        Tri t;
        for (int i = 0; i < 3; ++i)
            for (int a = 0; a < 3; ++a) t.p[std::size_t(i)][std::size_t(a)] = m.positions[3 * (k + std::size_t(i)) + std::size_t(a)];
        out[m.labels[k]].push_back(t);
    }
    return out;
}

double enclosed(const std::vector<Tri>& tris) {
    double v = 0;
    for (const Tri& t : tris) {
        const auto& a = t.p[0];
        const auto& b = t.p[1];
        const auto& c = t.p[2];
        v += (double(a[0]) * (double(b[1]) * c[2] - double(b[2]) * c[1]) - double(a[1]) * (double(b[0]) * c[2] - double(b[2]) * c[0]) +
              double(a[2]) * (double(b[0]) * c[1] - double(b[1]) * c[0])) / 6.0;
    }
    return v;
}

TEST(LabelMesh, EachLabelClosedAndInterfacesShared) {
    const Dims d{10, 9, 8};
    const std::vector<float> v = quadrants(d);
    const EdgeMesh m = label_volume_mesh(v.data(), d, 0, d[2]);
    ASSERT_EQ(m.labels.size(), m.vertices());
    const auto labels = by_label(m);
    EXPECT_EQ(labels.size(), 6u);  // 1..4, 7, 9
    // Closed: welded per label (the ids), every directed edge has its reverse, as often.
    std::map<std::tuple<float, std::uint64_t, std::uint64_t>, int> directed;
    for (std::size_t k = 0; k + 2 < m.vertices(); k += 3)
        for (int i = 0; i < 3; ++i) {
            const std::uint64_t a = m.edges[k + std::size_t(i)], b = m.edges[k + std::size_t((i + 1) % 3)];
            ASSERT_NE(a, b) << "a triangle with a repeated vertex";
            directed[{m.labels[k], a, b}] += 1;
        }
    for (const auto& [e, n] : directed) {
        const auto back = directed.find({std::get<0>(e), std::get<2>(e), std::get<1>(e)});
        ASSERT_TRUE(back != directed.end()) << "label " << std::get<0>(e) << ": a boundary edge";
        EXPECT_EQ(back->second, n);
    }
    // Interfaces: a triangle is held by one label (against the background) or by two, turned
    // opposite ways; several cells here hold three and four labels.
    std::map<Key, std::vector<std::pair<float, int>>> holders;
    for (const auto& [l, tris] : labels)
        for (const Tri& t : tris) holders[key_of(t)].push_back({l, turn_of(t)});
    int shared = 0, alone = 0;
    for (const auto& [k, h] : holders) {
        ASSERT_LE(h.size(), 2u);
        if (h.size() == 1) {
            ++alone;
            continue;
        }
        ++shared;
        EXPECT_NE(h[0].first, h[1].first);
        EXPECT_EQ(h[0].second, -h[1].second);
    }
    EXPECT_GT(shared, 100);
    EXPECT_GT(alone, 100);
    // Each triangle's other side: the background where it is held once, else the label whose
    // mesh holds its twin (label_checks.h).
    const test::PairCheck pairs = test::check_pairs(test::label_tris(m));
    EXPECT_EQ(pairs.pair_problems, 0u) << (pairs.pairs.empty() ? "" : pairs.pairs[0]);
    EXPECT_EQ(pairs.holder_problems, 0u);
    EXPECT_EQ(pairs.background, std::size_t(alone));
    int many = 0;  // cells where 3 or 4 labels meet
    for (int z = 0; z + 1 < d[2]; ++z)
        for (int y = 0; y + 1 < d[1]; ++y)
            for (int x = 0; x + 1 < d[0]; ++x) {
                std::set<float> s;
                for (const Voxel& c : kCellCorners) s.insert(v[at(d, x + c.x, y + c.y, z + c.z)]);
                many += s.size() >= 3;
            }
    EXPECT_GT(many, 5);
    // The lone voxel on the far face: a closed cube of 6 faces, 12 triangles, volume below 1.
    ASSERT_EQ(labels.at(9.0f).size(), 12u);
    EXPECT_GT(enclosed(labels.at(9.0f)), 0.05);
    EXPECT_LT(enclosed(labels.at(9.0f)), 1.0);
}

// A large ball's enclosed volume is its voxel count within 3%, outward (positive).
TEST(LabelMesh, VolumeFollowsTheVoxels) {
    const Dims d{40, 40, 40};
    std::vector<float> v(std::size_t(40 * 40 * 40), 0.0f);
    std::map<float, int> voxels;
    for (int z = 0; z < 40; ++z)
        for (int y = 0; y < 40; ++y)
            for (int x = 0; x < 40; ++x) {
                const double r = std::sqrt((x - 19.5) * (x - 19.5) + (y - 19.5) * (y - 19.5) + (z - 19.5) * (z - 19.5));
                float l = r < 16 ? (x < 20 ? 1.0f : 2.0f) : 0.0f;
                if (r < 8) l = 3;
                v[at(d, x, y, z)] = l;
                if (l != 0) voxels[l] += 1;
            }
    const auto labels = by_label(label_volume_mesh(v.data(), d, 0, 40));
    for (const auto& [l, n] : voxels) {
        const double vol = enclosed(labels.at(l));
        EXPECT_NEAR(vol / n, 1.0, 0.03) << "label " << l << ": " << vol << " for " << n << " voxels";
    }
}

// The GPU's order (active voxels in Morton order of their texels) makes the same triangles as
// the export's layers, with the same normals; each vertex's label is its voxel's.
TEST(LabelMesh, ReferenceInStreamOrderIsTheExportsTriangles) {
    const Dims d{10, 9, 8};
    Volume vol;
    vol.dims = d;
    vol.values = VoxelValues(quadrants(d));
    const AtlasLayout l = layout_for_dims(d);
    const std::vector<float> atlas = volume_atlas(vol, l);
    const MeshData gpu = reference_label_mesh(l, atlas.data());
    const EdgeMesh cpu = label_volume_mesh(vol.values.floats(), d, 0, d[2]);
    ASSERT_EQ(gpu.vertices, cpu.vertices());
    ASSERT_EQ(gpu.labels.size(), gpu.vertices);
    ASSERT_EQ(gpu.other_labels.size(), gpu.vertices / 3);
    // Triangles as wholes, in their winding (a rotation to the smallest corner first), with each
    // corner's normal and label and the triangle's other side: a different diagonal or turn
    // would differ.
    const auto triangles = [](const std::vector<float>& p, const std::vector<float>& n, const std::vector<float>& l,
                              const std::vector<float>& other) {
        std::multiset<std::vector<float>> out;
        for (std::size_t t = 0; t + 2 < l.size(); t += 3) {
            std::array<std::vector<float>, 3> c;
            for (std::size_t i = 0; i < 3; ++i) {
                const std::size_t k = t + i;
                c[i] = {p[3 * k], p[3 * k + 1], p[3 * k + 2], n[3 * k], n[3 * k + 1], n[3 * k + 2], l[k]};
            }
            const std::size_t first = std::size_t(std::min_element(c.begin(), c.end()) - c.begin());
            std::vector<float> tri;
            for (std::size_t i = 0; i < 3; ++i) tri.insert(tri.end(), c[(first + i) % 3].begin(), c[(first + i) % 3].end());
            tri.push_back(other[t / 3]);
            out.insert(tri);
        }
        return out;
    };
    EXPECT_TRUE(triangles(gpu.positions, gpu.normals, gpu.labels, gpu.other_labels) ==
                triangles(cpu.positions, cpu.normals, cpu.labels, per_triangle(cpu.other_labels)));
    // The stream: (x, y, z, label) of each active voxel.
    const auto stream = reference_stream(l, atlas.data(), Classify::Labels, 0.0f);
    std::size_t vertices = 0;
    for (const StreamEntry& e : stream) {
        EXPECT_EQ(e.w, vol.values[at(d, int(e.x), int(e.y), int(e.z))]);
        const int mask = label_faces(l, atlas.data(), {int(e.x), int(e.y), int(e.z)});
        EXPECT_NE(mask, 0);
        vertices += std::size_t(labels::vertex_count(mask));
    }
    EXPECT_EQ(vertices, gpu.vertices);
}


// The steps on a label map's meshes: the largest piece of each label kept (label by label), and
// Taubin smoothing of the labels' union: every label still closed, every shared face still the
// same triangle in both meshes (now at its smoothed place), the volumes within 2%, the area less.
TEST(LabelMesh, PiecesPerLabelAndJointSmoothingKeepInterfacesShared) {
    const Dims d{24, 22, 20};
    std::vector<float> v(std::size_t(d[0]) * d[1] * d[2], 0.0f);
    for (int z = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x) {
                const double r = std::sqrt((x - 11.5) * (x - 11.5) + (y - 10.5) * (y - 10.5) + (z - 9.5) * (z - 9.5));
                float l = r < 8.5 ? (x < 12 ? 1.0f : y < 11 ? 2.0f : 3.0f) : 0.0f;  // three labels meet on a line
                if (x >= 21 && y <= 2 && z <= 2) l = 2;                            // a second piece of label 2
                v[at(d, x, y, z)] = l;
            }
    Welder w;
    w.add(label_volume_mesh(v.data(), d, 0, d[2]));
    WorldMesh m = to_world(w.take(), kIdentityToWorld, {{1, "one", {}}, {2, "two", {}}, {3, "three", {}}});
    ASSERT_EQ(m.parts.size(), 3u);
    std::size_t kept = 0;
    EXPECT_EQ(keep_label_pieces(&m, Pieces::Largest, 0, &kept), 4u);
    EXPECT_EQ(kept, 3u);
    ASSERT_EQ(m.face_other.size(), m.triangles());
    EXPECT_EQ(test::check_pairs(test::label_tris(m)).pair_problems, 0u) << "after the pieces";
    const std::vector<MeshReport> before = part_reports(m);
    const std::vector<Vec3> unsmoothed = m.positions;
    LabelSmoothing s = label_smoothing(m);
    for (int i = 0; i < 10; ++i) label_smooth_iteration(&s);
    label_smoothing_back(s, &m);
    const std::vector<MeshReport> after = part_reports(m);
    for (std::size_t p = 0; p < 3; ++p) {
        EXPECT_EQ(after[p].boundary_edges, 0u) << p;
        EXPECT_EQ(after[p].pieces, 1u) << p;
        EXPECT_NEAR(after[p].volume_mm3 / before[p].volume_mm3, 1.0, 0.02) << p;
        EXPECT_LT(after[p].area_mm2, before[p].area_mm2) << p;
    }
    // Shared faces: each held by two labels, turned opposite ways, at the same (moved) places.
    std::map<Key, std::vector<std::pair<std::uint32_t, int>>> holders;
    std::size_t moved = 0;
    for (std::size_t t = 0; t < m.triangles(); ++t) {
        Tri tri;
        for (int k = 0; k < 3; ++k) {
            const Vec3& p = m.positions[m.faces[3 * t + std::size_t(k)]];
            tri.p[std::size_t(k)] = {float(p.x), float(p.y), float(p.z)};
        }
        holders[key_of(tri)].push_back({m.face_part[t], turn_of(tri)});
    }
    int shared = 0;
    for (const auto& [k, h] : holders) {
        ASSERT_LE(h.size(), 2u);
        if (h.size() < 2) continue;
        ++shared;
        EXPECT_NE(h[0].first, h[1].first);
        EXPECT_EQ(h[0].second, -h[1].second);
    }
    EXPECT_GT(shared, 50);
    const test::PairCheck pairs = test::check_pairs(test::label_tris(m));
    EXPECT_EQ(pairs.pair_problems, 0u) << "after smoothing: " << (pairs.pairs.empty() ? "" : pairs.pairs[0]);
    for (std::size_t i = 0; i < m.positions.size(); ++i) moved += length(m.positions[i] - unsmoothed[i]) > 1e-3;
    EXPECT_GT(moved, m.positions.size() / 2) << "smoothing moved few vertices";
}

}  // namespace
}  // namespace hp

// The mesh steps (app/core/mesh/mesh_process.h) on surfaces of known shape: zero-area triangles
// merged away with the surface kept closed, pieces counted and kept by volume, Taubin
// smoothing that keeps the volume, decimation to a target, and the OBJ file. admesh and VTK
// check the page's processed files in tests/mesh/.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <set>
#include <sstream>
#include <string>

#include "mesh_export.h"
#include "mesh_files.h"
#include "mesh_process.h"
#include "mesh_work.h"
#include "volume_file.h"

namespace hp {
namespace {


// Balls as values r − distance (inside ≥ 0 at iso 0); `whole` rounds them to integers, so many
// grid points lie exactly at the iso value (the source of zero-area triangles in a CT).
struct Ball {
    double cx, cy, cz, r;
};
std::vector<float> balls(const std::array<int, 3>& d, std::initializer_list<Ball> list, bool whole) {
    std::vector<float> v(std::size_t(d[0]) * std::size_t(d[1]) * std::size_t(d[2]), -1e3f);
    for (int z = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x)
                for (const Ball& b : list) {
                    double f = b.r - std::sqrt((x - b.cx) * (x - b.cx) + (y - b.cy) * (y - b.cy) + (z - b.cz) * (z - b.cz));
                    if (whole) f = std::round(f);
                    float& at = v[std::size_t(x + d[0] * (y + d[1] * z))];
                    at = std::max(at, float(f));
                }
    return v;
}

WorldMesh surface(const std::vector<float>& v, const std::array<int, 3>& d, float iso,
                  const std::array<double, 12>& world = kIdentityToWorld) {
    Welder w;
    w.add(volume_mesh(v.data(), d, iso, true));
    return to_world(w.take(), world);
}

void expect_closed(const MeshReport& r, const char* where) {
    EXPECT_EQ(r.boundary_edges, 0u) << where;
    EXPECT_EQ(r.nonmanifold_edges, 0u) << where;
    EXPECT_EQ(r.zero_area, 0u) << where;
}

TEST(MeshProcess, ZeroAreaTrianglesMergeAwayAndTheSurfaceStaysClosed) {
    const std::array<int, 3> d{24, 22, 20};
    const std::vector<float> v = balls(d, {{11.3, 10.6, 9.2, 7.4}}, true);
    WorldMesh m = surface(v, d, 0.0f);
    const MeshReport before = mesh_report(m);
    ASSERT_GT(before.zero_area, 0u) << "whole values at iso make zero-area triangles";
    EXPECT_EQ(before.boundary_edges, 0u);
    const std::size_t removed = merge_zero_area(&m);
    const MeshReport after = mesh_report(m);
    EXPECT_GE(removed, before.zero_area);
    EXPECT_EQ(after.triangles, before.triangles - removed);
    expect_closed(after, "merged");
    EXPECT_EQ(after.pieces, 1u);
    // Only triangles of no area left: the enclosed volume and the area stay.
    EXPECT_NEAR(after.volume_mm3, before.volume_mm3, 1e-6 * before.volume_mm3);
    EXPECT_NEAR(after.area_mm2, before.area_mm2, 1e-6 * before.area_mm2);
}

TEST(MeshProcess, PiecesCountedAndKeptByVolume) {
    const std::array<int, 3> d{40, 20, 20};
    // Three balls apart: r 6, 4 and 2 (voxel = 1 mm); a 2×1×1 mm voxel doubles the volumes.
    const std::vector<float> v = balls(d, {{9.5, 9.5, 9.5, 6}, {24.5, 9.3, 9.7, 4}, {33.2, 9.4, 9.6, 2}}, false);
    const std::array<double, 12> world{2, 0, 0, -10, 0, 1, 0, 5, 0, 0, 1, 3};
    const WorldMesh all = surface(v, d, 0.0f, world);
    EXPECT_EQ(mesh_report(all).pieces, 3u);
    const double sphere = 4.0 / 3.0 * M_PI * 2;  // × r³
    WorldMesh m = all;
    std::size_t kept = 0;
    EXPECT_EQ(keep_pieces(&m, Pieces::Largest, 0, &kept), 3u);
    EXPECT_EQ(kept, 1u);
    const MeshReport largest = mesh_report(m);
    EXPECT_EQ(largest.pieces, 1u);
    EXPECT_NEAR(largest.volume_mm3, sphere * 216, 0.03 * sphere * 216);
    expect_closed(largest, "largest");
    m = all;
    keep_pieces(&m, Pieces::Above, sphere * 8 * 2, &kept);  // the small ball (r 2) is under it
    EXPECT_EQ(kept, 2u);
    EXPECT_NEAR(mesh_report(m).volume_mm3, sphere * (216 + 64), 0.03 * sphere * 280);
    m = all;
    keep_pieces(&m, Pieces::All, 0, &kept);
    EXPECT_EQ(m.faces, all.faces);
}

// Root-mean-square distance of the vertices from the ball's sphere.
double roughness(const WorldMesh& m, const Ball& b) {
    double sum = 0;
    for (const Vec3& p : m.positions) {
        const double e = length(p - Vec3{b.cx, b.cy, b.cz}) - b.r;
        sum += e * e;
    }
    return std::sqrt(sum / double(m.positions.size()));
}

TEST(MeshProcess, TaubinSmoothsWithoutShrinking) {
    const std::array<int, 3> d{30, 30, 30};
    const Ball b{14.5, 14.2, 14.7, 10.3};
    WorldMesh m = surface(balls(d, {b}, true), d, 0.0f);  // whole values: a stepped ball
    merge_zero_area(&m);
    const MeshReport before = mesh_report(m);
    const double rough = roughness(m, b);
    const SmoothNeighbours n = smooth_neighbours(m);
    for (int i = 0; i < 10; ++i) smooth_iteration(&m, n);
    const MeshReport after = mesh_report(m);
    EXPECT_LT(roughness(m, b), 0.8 * rough) << "smoother";
    EXPECT_NEAR(after.volume_mm3, before.volume_mm3, 0.01 * before.volume_mm3) << "no shrinking";
    expect_closed(after, "smoothed");
    // Plain Laplacian smoothing (λ only) shrinks the same ball by more.
    WorldMesh plain = surface(balls(d, {b}, true), d, 0.0f);
    merge_zero_area(&plain);
    SmoothNeighbours pn = smooth_neighbours(plain);
    for (int i = 0; i < 20; ++i) {
        std::vector<Vec3> next = plain.positions;
        for (std::size_t v = 0; v < next.size(); ++v) {
            Vec3 s{0, 0, 0};
            for (std::uint32_t k = pn.start[v]; k < pn.start[v + 1]; ++k) s = s + plain.positions[pn.list[k]];
            next[v] = plain.positions[v] + (s * (1.0 / double(pn.start[v + 1] - pn.start[v])) - plain.positions[v]) * 0.5;
        }
        plain.positions = next;
    }
    EXPECT_LT(mesh_report(plain).volume_mm3, 0.97 * before.volume_mm3);
}

TEST(MeshProcess, DecimatesToTheTargetAndStaysClosed) {
    const std::array<int, 3> d{40, 40, 40};
    WorldMesh m = surface(balls(d, {{19.5, 19.2, 19.7, 15.3}}, false), d, 0.0f);
    const MeshReport before = mesh_report(m);
    ASSERT_GT(before.triangles, 8000u);
    const double error = decimate(&m, 2000, 0.5);
    merge_zero_area(&m);
    face_normals_to_vertices(&m);
    const MeshReport after = mesh_report(m);
    EXPECT_LE(after.triangles, 2000u);
    EXPECT_GT(after.triangles, 1500u);
    EXPECT_LE(error, 0.5);
    expect_closed(after, "decimated");
    EXPECT_EQ(after.pieces, 1u);
    EXPECT_NEAR(after.volume_mm3, before.volume_mm3, 0.02 * before.volume_mm3);
    // A tight bound stops short of the target: the count reached is what is reported.
    WorldMesh tight = surface(balls(d, {{19.5, 19.2, 19.7, 15.3}}, false), d, 0.0f);
    decimate(&tight, 2000, 0.001);
    EXPECT_GT(tight.triangles(), 2000u);
}

TEST(MeshProcess, RunAllStepsOnACtLikeVolume) {
    const std::array<int, 3> d{36, 30, 28};
    // A big ball with a loose small one and whole values: every step has work to do.
    const std::vector<float> v = balls(d, {{15.5, 14.2, 13.7, 10.3}, {31.1, 5.2, 5.6, 2.2}}, true);
    const std::array<double, 12> world{0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1.5, 0};  // thick slices
    WorldMesh m = surface(v, d, 0.0f, world);
    MeshSteps s;
    s.pieces = Pieces::Largest;
    s.smooth = 10;
    s.decimate = 1500;
    s.max_error_mm = 0.25;
    const StepsDone done = run_mesh_steps(&m, s);
    const MeshReport r = mesh_report(m);
    EXPECT_GT(done.zero_area_merged, 0u);
    EXPECT_EQ(done.pieces_before, 2u);
    EXPECT_EQ(done.pieces_kept, 1u);
    EXPECT_GT(done.decimate_from, 1500u);
    EXPECT_EQ(r.pieces, 1u);
    expect_closed(r, "all steps");
    EXPECT_NEAR(r.volume_mm3, 4.0 / 3.0 * M_PI * std::pow(10.3, 3) * 0.375, 0.04 * r.volume_mm3);
    for (const Vec3& n : m.normals) EXPECT_NEAR(length(n), 1.0, 1e-9);
}

// Two tetrahedra sharing an edge (what the simplifier can leave): split, and moved apart so a
// reader that welds by position finds two closed pieces.
TEST(MeshProcess, AnEdgeHeldByFourTrianglesIsSplit) {
    WorldMesh m;
    m.positions = {{0, 0, 0}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {-1, 0, 0}, {0, -1, 0}};
    // Tetrahedra (0,1,2,3) and (0,1,4,5), outward turns.
    m.faces = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3, 0, 4, 1, 0, 1, 5, 0, 5, 4, 1, 4, 5};
    MeshReport before = mesh_report(m);
    ASSERT_EQ(before.nonmanifold_edges, 1u);
    EXPECT_EQ(split_nonmanifold_edges(&m), 2u);
    const MeshReport after = mesh_report(m);
    EXPECT_EQ(after.nonmanifold_edges, 0u);
    EXPECT_EQ(after.boundary_edges, 0u);
    EXPECT_EQ(after.pieces, 2u);
    EXPECT_NEAR(after.volume_mm3, before.volume_mm3, 1e-2);
    for (std::size_t a = 0; a < m.positions.size(); ++a)
        for (std::size_t b = a + 1; b < m.positions.size(); ++b) EXPECT_GT(length(m.positions[a] - m.positions[b]), 5e-4);
}

// The app's sliced runner makes the mesh run_mesh_steps makes, one slice a call; a change of
// the steps alone starts from the welded surface it kept.
TEST(MeshProcess, SlicedWorkMakesTheSameMeshAndReusesTheSurface) {
    const std::array<int, 3> d{36, 30, 28};
    const std::vector<float> v = balls(d, {{15.5, 14.2, 13.7, 10.3}, {31.1, 5.2, 5.6, 2.2}}, true);
    const std::array<double, 12> world{0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1.5, 0};
    MeshSteps s;
    s.pieces = Pieces::Largest;
    s.smooth = 5;
    s.decimate = 1500;
    s.max_error_mm = 0.25;
    WorldMesh whole = surface(v, d, 0.0f, world);
    run_mesh_steps(&whole, s);
    MeshInput in;
    in.surface_key = "balls";
    in.owned = v;
    in.dims = d;
    in.closed = true;
    in.world = world;
    in.steps = s;
    MeshWork w;
    w.start(in);
    int slices = 0, last_done = -1;
    std::set<std::string> tasks;
    while (!w.step(0)) {  // one slice a call
        const MeshProgress p = w.progress();
        ASSERT_NE(p.task, nullptr);
        EXPECT_GE(p.done, last_done);
        EXPECT_LE(p.done, p.total);
        last_done = p.done;
        tasks.insert(p.task);
        ASSERT_LT(++slices, 1000);
    }
    EXPECT_GT(slices, 10);
    EXPECT_EQ(tasks.count("mesh: marching cubes") + tasks.count("mesh: smoothing"), 2u);
    EXPECT_EQ(w.progress().task, nullptr) << "idle once made";
    EXPECT_EQ(w.mesh().faces, whole.faces);
    ASSERT_EQ(w.mesh().positions.size(), whole.positions.size());
    for (std::size_t k = 0; k < whole.positions.size(); ++k) EXPECT_EQ(length(w.mesh().positions[k] - whole.positions[k]), 0.0);
    EXPECT_EQ(w.report().triangles, mesh_report(whole).triangles);
    EXPECT_TRUE(w.has("balls", s));
    // Other steps, the same surface: no marching cubes again.
    in.steps.smooth = 0;
    in.owned.clear();
    w.start(in);
    EXPECT_STRNE(w.progress().task, "mesh: marching cubes");
    while (!w.step(0)) {}
    EXPECT_LT(w.report().triangles, 1600u);
}

// A GPU surface whose index runs past its vertices is refused, not read past.
TEST(MeshProcess, AnIndexPastTheVerticesFails) {
    MeshInput in;
    in.surface_key = "gpu";
    in.has_indexed = true;
    in.indexed.positions = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    in.indexed.normals = in.indexed.positions;
    in.indexed.indices = {0, 1, 3};
    in.world = kIdentityToWorld;
    MeshWork w;
    w.start(in);
    EXPECT_FALSE(w.busy());
    EXPECT_FALSE(w.done());
    EXPECT_EQ(w.failed(), "an index past the mesh's vertices");
    EXPECT_EQ(w.progress().task, nullptr);
}

TEST(MeshProcess, ObjHoldsTheMeshInMillimetres) {
    const std::array<int, 3> d{10, 10, 10};
    const std::array<double, 12> world{0.7, 0, 0, -120.25, 0, 0.7, 0, 3, 0, 0, 2.5, 40};
    const WorldMesh m = surface(balls(d, {{4.5, 4.2, 4.7, 3.1}}, false), d, 0.0f, world);
    const std::vector<std::uint8_t> bytes = mesh_file::obj(m);
    std::istringstream in(std::string(bytes.begin(), bytes.end()));
    std::string line;
    std::vector<Vec3> v, vn;
    std::vector<std::uint32_t> f;
    while (std::getline(in, line)) {
        std::istringstream l(line);
        std::string tag;
        l >> tag;
        if (tag == "v" || tag == "vn") {
            Vec3 p;
            l >> p.x >> p.y >> p.z;
            (tag == "v" ? v : vn).push_back(p);
        } else if (tag == "f") {
            std::string corner;
            while (l >> corner) {
                const std::size_t slash = corner.find("//");
                ASSERT_NE(slash, std::string::npos);
                EXPECT_EQ(corner.substr(0, slash), corner.substr(slash + 2));
                f.push_back(std::uint32_t(std::stoul(corner.substr(0, slash)) - 1));
            }
        }
    }
    ASSERT_EQ(v.size(), m.positions.size());
    ASSERT_EQ(vn.size(), m.normals.size());
    EXPECT_EQ(f, m.faces);
    for (std::size_t i = 0; i < v.size(); ++i) {
        EXPECT_NEAR(v[i].x, m.positions[i].x, 5e-5);
        EXPECT_NEAR(v[i].y, m.positions[i].y, 5e-5);
        EXPECT_NEAR(v[i].z, m.positions[i].z, 5e-5);
        EXPECT_NEAR(vn[i].x, m.normals[i].x, 5e-6);
    }
    EXPECT_NE(std::string(bytes.begin(), bytes.end()).find("v -"), std::string::npos) << "negative numbers";
}

}  // namespace
}  // namespace hp

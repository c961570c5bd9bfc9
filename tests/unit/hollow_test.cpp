// The hollow shell (app/core/volume/hollow.h) on balls whose distance to their surface is known
// exactly: the shell's mesh (the page's mesh work: marching cubes, welded, closed) has its outer
// surface where the ball's was and its inner surface a wall's thickness inside (2.0 ± 0.2 mm at
// every vertex away from the hole), no boundary or non-manifold edge, and the air inside reaches
// the outside through the drain hole (one air region); without holes the cavity is sealed, and a
// cavity narrower than its drain is filled.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

#include "hollow.h"
#include "mesh_process.h"
#include "mesh_work.h"

namespace hp {
namespace {

using Dims = std::array<int, 3>;
constexpr std::array<double, 3> kVoxelMm{0.8, 0.9, 1.2};  // mm: unequal on purpose

// A ball of radius `radius` mm: value radius − distance to the centre (mm), iso 0.
std::vector<float> ball(const Dims& d, double radius, std::array<double, 3>* centre) {
    *centre = {d[0] * kVoxelMm[0] / 2, d[1] * kVoxelMm[1] / 2, d[2] * kVoxelMm[2] / 2};
    std::vector<float> v(std::size_t(d[0]) * d[1] * d[2]);
    for (int z = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x) {
                const double dx = x * kVoxelMm[0] - (*centre)[0], dy = y * kVoxelMm[1] - (*centre)[1],
                             dz = z * kVoxelMm[2] - (*centre)[2];
                v[std::size_t(x) + std::size_t(d[0]) * (std::size_t(y) + std::size_t(d[1]) * std::size_t(z))] =
                    float(radius - std::sqrt(dx * dx + dy * dy + dz * dz));
            }
    return v;
}

// The page's mesh of `v` (closed), cropped as `crop` says where given.
WorldMesh mesh_of(const std::vector<float>& v, const Dims& d, const HollowSpec* crop = nullptr) {
    MeshInput in;
    in.surface_key = "ball";
    in.owned = v;
    in.dims = d;
    in.iso = 0;
    in.closed = true;
    if (crop) in.crop.lo = crop->crop_lo, in.crop.hi = crop->crop_hi, in.background = crop->background;
    in.world = {kVoxelMm[0], 0, 0, 0, 0, kVoxelMm[1], 0, 0, 0, 0, kVoxelMm[2], 0};
    MeshWork work;
    work.start(std::move(in));
    while (!work.step(1e9)) {
    }
    EXPECT_TRUE(work.failed().empty()) << work.failed();
    return work.mesh();
}

// The voxels at or under iso reached from the volume's faces (6-connected).
std::vector<std::uint8_t> outside_air(const std::vector<float>& v, const Dims& d) {
    std::vector<std::uint8_t> seen(v.size(), 0);
    std::vector<std::array<int, 3>> stack;
    const auto at = [&](int x, int y, int z) { return std::size_t(x) + std::size_t(d[0]) * (std::size_t(y) + std::size_t(d[1]) * std::size_t(z)); };
    const auto push = [&](int x, int y, int z) {
        if (x < 0 || y < 0 || z < 0 || x >= d[0] || y >= d[1] || z >= d[2]) return;
        const std::size_t i = at(x, y, z);
        if (seen[i] || v[i] > 0) return;
        seen[i] = 1, stack.push_back({x, y, z});
    };
    for (int z = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y) push(0, y, z), push(d[0] - 1, y, z);
    while (!stack.empty()) {
        const auto [x, y, z] = stack.back();
        stack.pop_back();
        push(x - 1, y, z), push(x + 1, y, z), push(x, y - 1, z), push(x, y + 1, z), push(x, y, z - 1), push(x, y, z + 1);
    }
    return seen;
}

TEST(Hollow, BallShellWallsClosedAndDrained) {
    const Dims d{56, 50, 38};
    std::array<double, 3> c;
    const std::vector<float> v = ball(d, 17.0, &c);
    HollowSpec spec;
    spec.wall_mm = 2.0;
    spec.holes = 1;
    spec.hole_mm = 5;
    HollowResult r;
    std::string why;
    ASSERT_TRUE(hollow(v.data(), d, kVoxelMm, 0.0f, {-40.0f, 17.0f}, spec, &r, &why)) << why;
    ASSERT_EQ(r.cavities.size(), 1u);
    EXPECT_FALSE(r.cavities[0].filled);
    EXPECT_NEAR(r.cavities[0].widest_mm, 2.5 + 1.2, 1e-6);  // followed only past the drain's radius and a voxel
    ASSERT_EQ(r.cavities[0].holes.size(), 1u);
    EXPECT_LT(r.material_voxels, r.inside_voxels / 2);

    const WorldMesh m = mesh_of(r.values, d);
    const MeshReport rep = mesh_report(m);
    EXPECT_EQ(rep.boundary_edges, 0u);
    EXPECT_EQ(rep.nonmanifold_edges, 0u);
    EXPECT_EQ(rep.pieces, 1u) << "the holes join the two surfaces into one piece";
    // Every vertex away from the hole is on the outer sphere (within 0.15 mm: where the wall is
    // under two voxels, a voxel next to both surfaces serves the inner one) or 2.0 ± 0.2 mm
    // inside it.
    const std::array<double, 3> hole{r.cavities[0].holes[0][0] * kVoxelMm[0], r.cavities[0].holes[0][1] * kVoxelMm[1],
                                     r.cavities[0].holes[0][2] * kVoxelMm[2]};
    std::size_t outer = 0, inner = 0, off = 0;
    for (const Vec3& p : m.positions) {
        const double hx = p.x - hole[0], hy = p.y - hole[1];
        if (std::sqrt(hx * hx + hy * hy) < 2.5 + 2.0) continue;  // the hole's rim
        const double rho = length(p - Vec3{c[0], c[1], c[2]});
        if (std::fabs(rho - 17.0) < 0.15) ++outer;
        else if (std::fabs(rho - 15.0) <= 0.2) ++inner;
        else ++off;
    }
    EXPECT_GT(outer, 1000u);
    EXPECT_GT(inner, 1000u);
    EXPECT_EQ(off, 0u);
    // One air region: the cavity's centre is reached from outside.
    const std::vector<std::uint8_t> air = outside_air(r.values, d);
    const int cx = int(std::lround(c[0] / kVoxelMm[0])), cy = int(std::lround(c[1] / kVoxelMm[1])),
              cz = int(std::lround(c[2] / kVoxelMm[2]));
    EXPECT_TRUE(air[std::size_t(cx) + std::size_t(d[0]) * (std::size_t(cy) + std::size_t(d[1]) * std::size_t(cz))]);

    // Without holes the cavity is sealed: two pieces, the centre not reached.
    spec.holes = 0;
    ASSERT_TRUE(hollow(v.data(), d, kVoxelMm, 0.0f, {-40.0f, 17.0f}, spec, &r, &why)) << why;
    EXPECT_EQ(mesh_report(mesh_of(r.values, d)).pieces, 2u);
    EXPECT_FALSE(outside_air(r.values, d)[std::size_t(cx) + std::size_t(d[0]) * (std::size_t(cy) + std::size_t(d[1]) * std::size_t(cz))]);
}

// Cropped: the shell of the half ball the box keeps, with a wall along the box's face too; the
// hole from the cavity's lowest point (just above that wall) down through it; closed, in one
// piece, nothing below the box.
TEST(Hollow, TheCroppedSolidsShell) {
    const Dims d{56, 50, 38};
    std::array<double, 3> c;
    const std::vector<float> v = ball(d, 17.0, &c);
    HollowSpec spec;
    spec.wall_mm = 2.0;
    spec.crop_lo = {0, 0, 16};  // z from 19.2 mm: the ball's centre is at 22.8
    spec.background = -40 - 17;
    HollowResult r;
    std::string why;
    ASSERT_TRUE(hollow(v.data(), d, kVoxelMm, 0.0f, {-40.0f, 17.0f}, spec, &r, &why)) << why;
    ASSERT_EQ(r.cavities.size(), 1u);
    ASSERT_EQ(r.cavities[0].holes.size(), 1u);
    EXPECT_EQ(r.cavities[0].holes[0][2], 16 + std::ceil(2.0 / 1.2));  // the first voxel past the bottom wall
    const WorldMesh m = mesh_of(r.values, d, &spec);
    const MeshReport rep = mesh_report(m);
    EXPECT_EQ(rep.boundary_edges, 0u);
    EXPECT_EQ(rep.nonmanifold_edges, 0u);
    EXPECT_EQ(rep.pieces, 1u);
    double lowest = 1e9;
    for (const Vec3& p : m.positions) lowest = std::min(lowest, p.z);
    EXPECT_GT(lowest, 16 * 1.2 - 0.6);
    EXPECT_LT(r.material_voxels, r.inside_voxels / 2);
}

TEST(Hollow, ACavityNarrowerThanItsDrainIsFilled) {
    const Dims d{24, 22, 18};
    std::array<double, 3> c;
    const std::vector<float> v = ball(d, 6.0, &c);  // a 2 mm wall leaves a cavity of radius 4
    HollowSpec spec;
    spec.wall_mm = 2.0;
    spec.hole_mm = 10;  // radius 5: wider than the cavity
    HollowResult r;
    std::string why;
    ASSERT_TRUE(hollow(v.data(), d, kVoxelMm, 0.0f, {-40.0f, 6.0f}, spec, &r, &why)) << why;
    ASSERT_EQ(r.cavities.size(), 1u);
    EXPECT_TRUE(r.cavities[0].filled);
    EXPECT_NEAR(r.cavities[0].widest_mm, 4.0, 0.3);
    EXPECT_TRUE(r.cavities[0].holes.empty());
    EXPECT_EQ(r.material_voxels, r.inside_voxels);
    EXPECT_EQ(r.values, v);
    spec.hole_mm = 5;  // radius 2.5: it drains, so it stays
    ASSERT_TRUE(hollow(v.data(), d, kVoxelMm, 0.0f, {-40.0f, 6.0f}, spec, &r, &why)) << why;
    EXPECT_FALSE(r.cavities[0].filled);
    EXPECT_EQ(r.cavities[0].holes.size(), 1u);
}

}  // namespace
}  // namespace hp

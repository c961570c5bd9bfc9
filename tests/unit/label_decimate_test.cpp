// A label map's meshes decimated interface by interface (label_decimate.h), as the page makes
// them (MeshWork, classify=labels, joint smoothing first): the triangles within 10% of the
// target, every label still closed, each triangle that faces the background held once and every
// other held by its label and the label on its other side, turned opposite ways (the interface
// check of label_checks.h), each label's volume within 1% of before (labels of 1,000 voxels
// and more), and the lines where labels meet where they were.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "label_checks.h"
#include "label_decimate.h"
#include "mesh_process.h"
#include "mesh_work.h"

namespace hp {
namespace {

// A ball cut in three along planes (three labels meet on a line, and with the background on two
// points), a fourth label as a slab through two of them, and a small fifth inside the first.
std::vector<float> ball(const test::Dims& d) {
    std::vector<float> v(std::size_t(d[0]) * d[1] * d[2], 0.0f);
    const double cx = d[0] / 2.0, cy = d[1] / 2.0, cz = d[2] / 2.0, r = d[0] * 0.42;
    for (int z = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x) {
                const double dx = x - cx, dy = y - cy, dz = z - cz;
                if (dx * dx + dy * dy + dz * dz > r * r) continue;
                float l = dx < 0 ? 1.0f : dy < 0 ? 2.0f : 3.0f;
                if (std::fabs(dz - 0.3 * dx) < 3 && dy > 0) l = 4;
                if ((dx + 9) * (dx + 9) + (dy + 6) * (dy + 6) + dz * dz < 16) l = 5;
                v[test::at(d, x, y, z)] = l;
            }
    return v;
}

WorldMesh made(const std::vector<float>& v, const test::Dims& d, const MeshSteps& steps, StepsDone* done) {
    MeshInput in;
    in.surface_key = "ball";
    in.owned = v;
    in.dims = d;
    in.labels = true;
    in.parts = {{1, "one", {}}, {2, "two", {}}, {3, "three", {}}, {4, "four", {}}, {5, "five", {}}};
    in.world = {0.8, 0, 0, 0, 0, 0.8, 0, 0, 0, 0, 1.2, 0};
    in.steps = steps;
    MeshWork work;
    work.start(std::move(in));
    while (!work.step(1e9)) {
    }
    EXPECT_TRUE(work.done()) << work.failed();
    *done = work.steps_done();
    return work.mesh();
}

void expect_interfaces_kept(const WorldMesh& m, const std::string& what) {
    ASSERT_EQ(m.face_other.size(), m.triangles()) << what;
    const test::PairCheck c = test::check_pairs(test::label_tris(m));
    EXPECT_EQ(c.holder_problems, 0u) << what << ": " << (c.holders.empty() ? "" : c.holders[0]);
    EXPECT_EQ(c.pair_problems, 0u) << what << ": " << (c.pairs.empty() ? "" : c.pairs[0]);
    EXPECT_GT(c.shared, 200u) << what;
}

TEST(LabelDecimate, InterfacesKeptLabelsClosedVolumesKept) {
    const test::Dims d{48, 44, 40};
    const std::vector<float> v = ball(d);
    MeshSteps steps;
    steps.smooth = 10;
    steps.max_error_mm = 0.4;
    StepsDone done;
    const WorldMesh smoothed = made(v, d, steps, &done);
    expect_interfaces_kept(smoothed, "smoothed");
    const std::vector<MeshReport> before = part_reports(smoothed);
    std::size_t voxels[6] = {};
    for (float l : v) ++voxels[int(l)];

    steps.decimate = std::uint32_t(smoothed.triangles() / 4);
    const WorldMesh m = made(v, d, steps, &done);
    EXPECT_EQ(done.decimate_from, smoothed.triangles());
    EXPECT_NEAR(double(m.triangles()), double(steps.decimate), 0.1 * steps.decimate)
        << "from " << smoothed.triangles();
    EXPECT_LE(done.decimate_error_mm, steps.max_error_mm);
    expect_interfaces_kept(m, "decimated");
    const std::vector<MeshReport> after = part_reports(m);
    ASSERT_EQ(after.size(), 5u);
    for (std::size_t p = 0; p < after.size(); ++p) {
        EXPECT_EQ(after[p].boundary_edges, 0u) << "label " << p + 1;
        EXPECT_EQ(after[p].nonmanifold_edges, before[p].nonmanifold_edges) << "label " << p + 1;
        EXPECT_EQ(after[p].pieces, before[p].pieces) << "label " << p + 1;
        EXPECT_EQ(after[p].zero_area, 0u) << "label " << p + 1;
        EXPECT_LT(after[p].triangles, before[p].triangles) << "label " << p + 1;
        if (voxels[p + 1] >= 1000) {
            EXPECT_NEAR(after[p].volume_mm3 / before[p].volume_mm3, 1.0, 0.01) << "label " << p + 1;
        }
    }
    // The lines where three labels (or two and the background) meet: the edges of the smoothed
    // meshes whose triangles have three or more labels on their two sides (the background one of
    // them). Each is still an edge after, or lies on one: a point of a line goes only where the
    // line runs straight through it (the simplifier can leave a triangle of three points of one
    // straight line, which the zero-area merge takes out, the same for every label). A place
    // where two sheets touch at a corner alone is not a line.
    using P = std::array<double, 3>;
    const auto line_edges = [](const WorldMesh& w) {
        std::map<std::pair<P, P>, std::set<float>> sides;
        for (std::size_t t = 0; t < w.triangles(); ++t)
            for (int k = 0; k < 3; ++k) {
                const Vec3& a = w.positions[w.faces[3 * t + std::size_t(k)]];
                const Vec3& b = w.positions[w.faces[3 * t + std::size_t((k + 1) % 3)]];
                std::pair<P, P> e{{a.x, a.y, a.z}, {b.x, b.y, b.z}};
                if (e.second < e.first) std::swap(e.first, e.second);
                sides[e].insert(w.parts[w.face_part[t]].label);
                sides[e].insert(w.face_other[t]);
            }
        std::vector<std::pair<P, P>> out;
        for (const auto& [e, s] : sides)
            if (s.size() >= 3) out.push_back(e);
        return out;
    };
    const auto before_lines = line_edges(smoothed), after_lines = line_edges(m);
    EXPECT_GT(before_lines.size(), 100u);
    const auto on = [](const P& q, const std::pair<P, P>& e) {  // q on the segment e, to 1e-9 mm
        const Vec3 a{e.first[0], e.first[1], e.first[2]}, b{e.second[0], e.second[1], e.second[2]}, p{q[0], q[1], q[2]};
        const Vec3 ab = b - a;
        const double t = std::clamp(dot(p - a, ab) / dot(ab, ab), 0.0, 1.0);
        return length(a + ab * t - p) < 1e-9;
    };
    const std::set<std::pair<P, P>> after_set(after_lines.begin(), after_lines.end());
    std::size_t kept = 0;
    for (const auto& e : before_lines) {
        if (after_set.count(e)) {
            ++kept;
            continue;
        }
        const bool covered = std::any_of(after_lines.begin(), after_lines.end(), [&](const auto& f) {
            return on(e.first, f) && on(e.second, f);
        });
        EXPECT_TRUE(covered) << "a line's edge from (" << e.first[0] << ", " << e.first[1] << ", " << e.first[2]
                             << ") is on no line after";
    }
    EXPECT_GT(kept, before_lines.size() * 8 / 10);
    for (const auto& f : after_lines)  // no line where there was none
        EXPECT_TRUE(std::any_of(before_lines.begin(), before_lines.end(),
                                [&](const auto& e) { return on(e.first, f) && on(e.second, f); }) ||
                    after_set.count(f))
            << "a new line";
}

// What the sheets avoid: each label's mesh simplified alone (meshoptimizer; a closed mesh has no
// border to lock) no longer shares its interfaces: few of the faces two labels held are still
// one triangle of both.
TEST(LabelDecimate, EachLabelAloneCracksTheInterfaces) {
    const test::Dims d{32, 30, 28};
    MeshSteps steps;
    steps.smooth = 10;
    StepsDone done;
    const WorldMesh smoothed = made(ball(d), d, steps, &done);
    WorldMesh alone;
    alone.parts = smoothed.parts;
    std::vector<std::vector<std::uint32_t>> faces(smoothed.parts.size());
    for (std::uint32_t t = 0; t < smoothed.triangles(); ++t) faces[smoothed.face_part[t]].push_back(t);
    for (std::uint32_t p = 0; p < faces.size(); ++p) {
        WorldMesh part = part_mesh(smoothed, faces[p]);
        decimate(&part, std::uint32_t(part.triangles() / 4), 0.5);
        const std::uint32_t base = std::uint32_t(alone.positions.size());
        alone.positions.insert(alone.positions.end(), part.positions.begin(), part.positions.end());
        for (std::uint32_t i : part.faces) alone.faces.push_back(base + i);
        alone.face_part.insert(alone.face_part.end(), part.triangles(), p);
        alone.face_other.insert(alone.face_other.end(), part.triangles(), 0.0f);  // lost with the faces' order
    }
    const std::size_t shared = test::check_pairs(test::label_tris(smoothed)).shared;
    EXPECT_GT(shared, 200u);
    EXPECT_LT(test::check_pairs(test::label_tris(alone)).shared, shared / 10);
}

}  // namespace
}  // namespace hp

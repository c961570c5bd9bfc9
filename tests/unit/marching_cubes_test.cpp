// The marching-cubes tables, the CPU reference mesh and the PLY export.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <set>
#include <string>

#include "cpu_reference.h"
#include "marching_cubes.h"
#include "mesh_export.h"
#include "reference_mesh.h"

namespace hp {
namespace {

// Every triangle's edges straddle the iso value; the triangles use exactly the crossed edges;
// the rows end in -1 after a multiple of three; cases 0 and 255 are empty.
TEST(MarchingCubes, EveryTriangleUsesCrossedEdgesOnly) {
    int triangles = 0;
    for (int c = 0; c < 256; ++c) {
        const int n = mc::vertex_count(c);
        ASSERT_EQ(n % 3, 0) << "case " << c;
        ASSERT_LE(n, mc::kMaxVertices);
        int used = 0;
        for (int i = 0; i < 16; ++i) {
            const int e = mc::triangle_edge(c, i);
            if (i >= n) {
                EXPECT_EQ(e, -1) << "case " << c << " entry " << i;
                continue;
            }
            ASSERT_GE(e, 0);
            ASSERT_LT(e, 12);
            used |= 1 << e;
        }
        for (int t = 0; t < n; t += 3) {
            const std::set<int> edges = {mc::triangle_edge(c, t), mc::triangle_edge(c, t + 1), mc::triangle_edge(c, t + 2)};
            EXPECT_EQ(edges.size(), 3u) << "case " << c << " triangle " << t / 3 << " repeats an edge";
        }
        EXPECT_EQ(used, mc::crossed_edges(c)) << "case " << c;
        triangles += n / 3;
    }
    EXPECT_EQ(mc::vertex_count(0), 0);
    EXPECT_EQ(mc::vertex_count(255), 0);
    // Each case and its complement cross the same edges; a single corner is one triangle.
    for (int corner = 0; corner < 8; ++corner) {
        EXPECT_EQ(mc::triangle_count(1 << corner), 1);
        EXPECT_EQ(mc::triangle_count(255 ^ (1 << corner)), 1);
    }
    EXPECT_EQ(mc::crossed_edges(1), 0x109);  // corner 0 alone: edges 0, 3 and 8
    EXPECT_EQ(triangles, 820);               // the table's total, counted once from it
}

// A 4³ volume in a 16² atlas, everything at 1 but one voxel at 0: the cells around it each
// have one corner below iso and one triangle.
TEST(ReferenceMesh, SingleLowVoxel) {
    const AtlasLayout l{16, 4};
    std::vector<float> atlas(std::size_t(l.texel_count()), 1.0f);
    const Texel t = l.texel_of({0, 0, 0});
    atlas[std::size_t(t.y) * 16 + std::size_t(t.x)] = 0.0f;
    const MeshData m = reference_mesh(l, atlas.data(), 0.5f);
    ASSERT_EQ(m.vertices, 3u);  // only cell (0,0,0) touches the voxel
    for (int v = 0; v < 3; ++v) {
        float sum = 0;
        for (int k = 0; k < 3; ++k) sum += m.positions[std::size_t(3 * v + k)];
        EXPECT_FLOAT_EQ(sum, 0.5f);  // halfway along one of the corner's three edges
        // The normal points away from the low voxel's inside... towards the low values.
        EXPECT_LT(m.normals[std::size_t(3 * v)] + m.normals[std::size_t(3 * v + 1)] + m.normals[std::size_t(3 * v + 2)], 0.0f);
    }
    EXPECT_EQ(reference_mesh(l, atlas.data(), 0.5f, 2).positions.size(), 6u);  // the limit truncates
    EXPECT_EQ(reference_mesh(l, atlas.data(), 0.5f, 2).vertices, 3u);          // not the total
}

// A sphere field f = 1 − r/R: every vertex sits where the interpolated field equals iso and
// every normal points outwards (towards lower values).
TEST(ReferenceMesh, SphereNormalsPointOutward) {
    const AtlasLayout l = layout_for_volume(64);
    std::vector<float> atlas(std::size_t(l.texel_count()), 0.0f);
    const float c = 31.5f;
    for (int z = 0; z < 64; ++z)
        for (int y = 0; y < 64; ++y)
            for (int x = 0; x < 64; ++x) {
                const Texel t = l.texel_of({x, y, z});
                const float r = std::sqrt((x - c) * (x - c) + (y - c) * (y - c) + (z - c) * (z - c));
                atlas[std::size_t(t.y) * std::size_t(l.atlas) + std::size_t(t.x)] = std::max(0.0f, 1.0f - r / 40.0f);
            }
    const MeshData m = reference_mesh(l, atlas.data(), 0.5f);
    ASSERT_GT(m.vertices, 1000u);
    for (std::uint32_t v = 0; v < m.vertices; ++v) {
        const float* p = &m.positions[3 * std::size_t(v)];
        const float* n = &m.normals[3 * std::size_t(v)];
        const float r = std::sqrt((p[0] - c) * (p[0] - c) + (p[1] - c) * (p[1] - c) + (p[2] - c) * (p[2] - c));
        EXPECT_NEAR(r, 20.0f, 0.2f) << "vertex " << v;
        EXPECT_GT((p[0] - c) * n[0] + (p[1] - c) * n[1] + (p[2] - c) * n[2], 0.9f * r) << "vertex " << v;
    }
}

TEST(ReferenceMesh, EmptyAndFullVolumesHaveNoSurface) {
    const AtlasLayout l{16, 4};
    const std::vector<float> zeros(std::size_t(l.texel_count()), 0.0f), ones(zeros.size(), 1.0f);
    EXPECT_EQ(reference_mesh(l, zeros.data(), 0.5f).vertices, 0u);
    EXPECT_EQ(reference_mesh(l, ones.data(), 0.5f).vertices, 0u);
}

}  // namespace
}  // namespace hp

// The bricked compaction on a real GL stack. The first level (app/gpu/brick_level.h): the bricks
// the GPU finds active are those the CPU finds (brick_grid.h's active_bricks), every one, at
// isos below, inside and at the ends of the values, over a volume's bricks and over ranges
// chosen to touch the iso exactly. The second (brick_cells.h): the cells of those bricks, read
// from a pool too small to hold them (rounds, evictions, uploads), are the unbricked stream's,
// and their vertices the unbricked mesh's.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "brick_cells.h"
#include "bricked_surface.h"
#include "brick_grid.h"
#include "brick_level.h"
#include "cpu_reference.h"
#include "crop_box.h"
#include "marching_cubes.h"
#include "reference_mesh.h"
#include "test_context.h"
#include "volume_atlas.h"

namespace hp {
namespace {

// The GPU's active bricks at `iso` (within `crop` where given), sorted, against the CPU's
// (raster order: sorted already).
void expect_same(BrickLevel* level, const BrickGrid& g, float iso, const BrickCrop* crop = nullptr) {
    std::vector<std::uint32_t> cpu;
    const BrickCount c = active_bricks(g, iso, &cpu, crop);
    const std::uint32_t count = level->run(iso, crop);
    ASSERT_EQ(count, c.active) << "iso " << iso;
    std::vector<std::uint32_t> gpu = level->read_active(count);
    std::sort(gpu.begin(), gpu.end());
    EXPECT_EQ(gpu, cpu) << "iso " << iso;
}

TEST(BrickLevel, TheGpuFindsTheBricksTheCpuFinds) {
    ASSERT_NE(test_context(), nullptr);
    // A smooth field with a blob and a ramp, 70×40×35 in 8³ bricks (9×5×5 of them).
    const std::array<int, 3> d{70, 40, 35};
    std::vector<float> v(std::size_t(d[0]) * std::size_t(d[1]) * std::size_t(d[2]));
    for (int z = 0, i = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x, ++i) {
                const float dx = (x - 30) / 12.0f, dy = (y - 20) / 9.0f, dz = (z - 17) / 8.0f;
                v[std::size_t(i)] = 1000.0f / (1 + dx * dx + dy * dy + dz * dz) + 3.0f * float(x);
            }
    const BrickGrid g = brick_grid(v.data(), d, 8);
    BrickLevel level;
    std::string error;
    ASSERT_TRUE(level.init(g, &error)) << error;
    EXPECT_EQ(level.side(), 16);
    const float lo = *std::min_element(v.begin(), v.end()), hi = *std::max_element(v.begin(), v.end());
    for (float iso : {lo - 1, lo, 150.0f, 400.0f, 700.0f, hi, hi + 1}) expect_same(&level, g, iso);
    // Within crop boxes (brick_flags.frag against active_bricks): bricks wholly outside a box
    // dropped, those it cuts widened by the background, the same bricks on both.
    std::mt19937 boxes(3);
    for (int t = 0; t < 8; ++t) {
        BrickCrop crop;
        for (std::size_t a = 0; a < 3; ++a) {
            const int p = int(boxes() % unsigned(d[a])), q = int(boxes() % unsigned(d[a]));
            crop.box.lo[a] = std::min(p, q), crop.box.hi[a] = std::max(p, q);
        }
        crop.background = t % 2 ? lo - 100 : 500.0f;  // below every value, or inside their range
        for (float iso : {150.0f, 400.0f, 700.0f}) expect_same(&level, g, iso, &crop);
    }
    // Ranges that end exactly at the iso (lo = iso: not active; hi = iso: active), 3,000 bricks
    // (a 64² texture, its last texels past the grid).
    BrickGrid r;
    r.size = 16, r.dims = {16 * 20 + 1, 16 * 15 + 1, 16 * 10 + 1}, r.grid = {20, 15, 10};
    std::mt19937 rng(7);
    for (int b = 0; b < 3000; ++b) {
        const float a = float(rng() % 9), c = float(rng() % 9);
        r.lo.push_back(std::min(a, c)), r.hi.push_back(std::max(a, c));
    }
    ASSERT_TRUE(level.init(r, &error)) << error;
    EXPECT_EQ(level.side(), 64);
    for (float iso : {0.0f, 2.0f, 4.5f, 8.0f, 9.0f}) expect_same(&level, r, iso);
}

// Both levels over a 16-bit volume with a scaling, 8³ bricks in a pool of 6 slots taken by
// rounds of 4: each iso's rounds together give the CPU's stream of the whole volume (entry for entry, once sorted) and
// its surface (each cell's vertices, made from the pool, the CPU's from the whole volume: the
// gradients across brick faces read the slots' outer voxels); rounds evict and upload again.
// 45×30×27 int16 with slope 0.5 and intercept −1000: a blob and a ripple.
VoxelValues blob_values(const std::array<int, 3>& d) {
    VoxelValues values(Stored::I16, std::size_t(d[0]) * std::size_t(d[1]) * std::size_t(d[2]), {0.5, -1000});
    auto* p = reinterpret_cast<std::int16_t*>(values.bytes());
    for (int z = 0, i = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x, ++i) {
                const float dx = (x - 20) / 9.0f, dy = (y - 14) / 7.0f, dz = (z - 12) / 6.0f;
                p[i] = std::int16_t(2000 + 3000 / (1 + dx * dx + dy * dy + dz * dz) + 7 * ((x * 3 + y * 5 + z) % 11));
            }
    return values;
}

// That volume, its float copy's atlas (what the CPU reference reads) and the atlas's layout.
struct Blob {
    std::array<int, 3> dims{45, 30, 27};
    VoxelValues values = blob_values(dims);
    AtlasLayout layout = layout_for_dims(dims, 16);
    std::vector<float> atlas = [this] {
        Volume v;
        v.dims = dims;
        v.values = VoxelValues(values.to_floats());
        return volume_atlas(v, layout);
    }();
    BrickGrid grid = brick_grid(values, dims, 8);  // 8³ bricks
};

TEST(BrickCells, TwoLevelsGiveTheUnbrickedStream) {
    ASSERT_NE(test_context(), nullptr);
    const Blob blob;
    BrickLevel level;
    BrickCells cells;
    BrickResidency pool(6);
    std::string error;
    ASSERT_TRUE(level.init(blob.grid, &error)) << error;
    ASSERT_TRUE(cells.init(blob.grid, 6, 4, blob.values.type(), blob.values.scaling(), false, &error)) << error;
    const auto key = [](const StreamEntry& e) { return std::make_tuple(e.z, e.y, e.x, e.w); };
    std::vector<std::uint64_t> uploads;
    std::vector<std::size_t> rounds;
    for (float iso : {300.0f, 350.0f, 300.0f, 800.0f, 301.0f}) {
        std::vector<std::uint32_t> active = level.read_active(level.run(iso));
        std::sort(active.begin(), active.end());
        const std::vector<BrickResidency::Round> plan = pool.plan(active, 4);
        std::vector<StreamEntry> got;
        std::uint64_t vertices = 0;
        for (const BrickResidency::Round& r : plan) {
            cells.upload(blob.values, r.uploads);
            const std::uint32_t n = cells.run(r, iso);
            const std::vector<float> s = cells.read_stream(n);
            for (std::uint32_t k = 0; k < n; ++k) got.push_back({s[4 * k], s[4 * k + 1], s[4 * k + 2], s[4 * k + 3]});
            // The round's surface: each cell's vertices in stream order, as the CPU makes them
            // from the whole volume (positions within 1e-4 voxel, normals within 1e-3).
            const std::uint32_t total = cells.run_mesh(r, iso);
            const std::vector<float> pos = cells.read_positions(total), nor = cells.read_normals(total);
            std::uint32_t at = 0;
            for (std::uint32_t k = 0; k < n; ++k) {
                const Voxel cell{int(s[4 * k]), int(s[4 * k + 1]), int(s[4 * k + 2])};
                const int c = int(s[4 * k + 3]);
                for (int j = 0; j < mc::vertex_count(c); ++j, ++at) {
                    ASSERT_LT(at, total) << "iso " << iso;
                    float p[3], q[3];
                    mesh_vertex(blob.layout, blob.atlas.data(), iso, cell, c, j, p, q);
                    for (int a = 0; a < 3; ++a) {
                        ASSERT_NEAR(pos[4 * at + std::size_t(a)], p[a], 1e-4f) << "iso " << iso << ", vertex " << at;
                        ASSERT_NEAR(nor[4 * at + std::size_t(a)], q[a], 1e-3f) << "iso " << iso << ", vertex " << at;
                    }
                }
            }
            ASSERT_EQ(at, total) << "iso " << iso;
            vertices += total;
        }
        EXPECT_EQ(vertices, reference_mesh(blob.layout, blob.atlas.data(), iso).vertices) << "iso " << iso;
        std::vector<StreamEntry> want = reference_stream(blob.layout, blob.atlas.data(), Classify::Surface, iso);
        ASSERT_GT(want.size(), 100u) << "iso " << iso;
        std::sort(got.begin(), got.end(), [&](auto& a, auto& b) { return key(a) < key(b); });
        std::sort(want.begin(), want.end(), [&](auto& a, auto& b) { return key(a) < key(b); });
        ASSERT_EQ(got.size(), want.size()) << "iso " << iso << ": " << active.size() << " bricks, " << plan.size() << " rounds";
        for (std::size_t k = 0; k < want.size(); ++k)
            ASSERT_TRUE(got[k] == want[k]) << "iso " << iso << ", entry " << k << ": GPU (" << got[k].x << ", " << got[k].y
                                           << ", " << got[k].z << ", " << got[k].w << "), CPU (" << want[k].x << ", "
                                           << want[k].y << ", " << want[k].z << ", " << want[k].w << ")";
        uploads.push_back(pool.uploads());
        rounds.push_back(plan.size());
    }
    EXPECT_GT(rounds[0], 1u) << "the pool of 6 holds fewer than the active bricks: rounds";
    EXPECT_GT(uploads[1], uploads[0]) << "rounds evict and upload again";
}

// The page's path (bricked_surface.h): both levels and the rounds, the pool in the volume's stored
// type or in floats, each round's vertices appended by transform feedback into one buffer, read
// back once: the CPU's surface of the whole volume,
// triangle for triangle (sorted by their corners: the rounds' order is not the atlas's),
// positions within 1e-4 voxel and normals within 1e-3; a pool that holds the set uploads nothing
// at an iso with the same bricks, a pool too small runs in rounds again.
TEST(BrickedSurface, TheRoundsAppendTheWholeSurfaceOnTheGpu) {
    ASSERT_NE(test_context(), nullptr);
    const Blob blob;
    using Triangle = std::array<float, 18>;  // three positions, then three normals
    const auto sorted = [](const std::vector<float>& p, const std::vector<float>& n) {
        std::vector<Triangle> t(p.size() / 9);
        for (std::size_t i = 0; i < t.size(); ++i)
            for (std::size_t c = 0; c < 9; ++c) t[i][c] = p[9 * i + c], t[i][9 + c] = n[9 * i + c];
        const auto key = [](const Triangle& a) {
            std::array<long, 9> k{};
            for (std::size_t c = 0; c < 9; ++c) k[c] = std::lround(a[c] * 1000);
            return k;
        };
        std::sort(t.begin(), t.end(), [&](const Triangle& a, const Triangle& b) { return key(a) < key(b); });
        return t;
    };
    // The pool in the stored type (R16I, the scaling in the shaders) and as floats (R32F).
    const VoxelValues floats(blob.values.to_floats());
    for (const VoxelValues* pooled : {&blob.values, &floats})
    for (const BrickedSurface::Size size : {BrickedSurface::Size{200, 64}, BrickedSurface::Size{6, 4}}) {
        BrickedSurface surface;
        std::string error;
        ASSERT_TRUE(surface.init(blob.grid, size, *pooled, &error)) << error;
        // 300.1 and 300.2: no value between them (steps of 0.5): the same bricks.
        for (float iso : {300.1f, 300.2f, 800.0f}) {
            const BrickedSurface::Figures f = surface.run(*pooled, iso);
            std::vector<float> p, n;
            surface.read(surface.vertices(), &p, &n);
            // The CPU's: every cell of its stream, each vertex.
            std::vector<float> cp, cn;
            for (const StreamEntry& e : reference_stream(blob.layout, blob.atlas.data(), Classify::Surface, iso))
                for (int j = 0; j < mc::vertex_count(int(e.w)); ++j) {
                    float a[3], b[3];
                    mesh_vertex(blob.layout, blob.atlas.data(), iso, Voxel{int(e.x), int(e.y), int(e.z)}, int(e.w), j, a, b);
                    cp.insert(cp.end(), a, a + 3), cn.insert(cn.end(), b, b + 3);
                }
            ASSERT_EQ(f.vertices, cp.size() / 3) << "iso " << iso;
            ASSERT_EQ(surface.vertices(), f.vertices);
            ASSERT_GT(f.vertices, 1000u);
            const std::vector<Triangle> gpu = sorted(p, n), cpu = sorted(cp, cn);
            for (std::size_t t = 0; t < cpu.size(); ++t)
                for (std::size_t c = 0; c < 18; ++c)
                    ASSERT_NEAR(gpu[t][c], cpu[t][c], c < 9 ? 1e-4f : 1e-3f) << "iso " << iso << ", triangle " << t;
            EXPECT_EQ(f.rounds, (f.active + size.round - 1) / size.round) << "iso " << iso;
            if (iso == 300.1f) EXPECT_EQ(f.uploaded, f.active) << "a new pool";
            if (iso == 300.2f)  // the same bricks: none uploaded where they fit; else all but those left resident
                EXPECT_EQ(f.uploaded, f.active <= size.slots ? 0u : f.active - size.slots) << f.active << " bricks";
        }
    }
}

// classify=labels in bricks: label_bricks' grid (voxels that read more than one label), the
// slots read as labels (the outside of the volume and of a crop box the background), each
// voxel's faces toward another label and their surface-nets vertices: the CPU's label surface
// of the whole (cropped) volume, triangle for triangle with its label and the label on its
// other side, in one round and in rounds over a pool too small for them.
TEST(BrickedSurface, LabelsInBricksAreTheLabelSurface) {
    ASSERT_NE(test_context(), nullptr);
    const std::array<int, 3> dims{61, 45, 40};
    VoxelValues values(Stored::U16, std::size_t(dims[0]) * std::size_t(dims[1]) * std::size_t(dims[2]));
    std::uint16_t* v = reinterpret_cast<std::uint16_t*>(values.bytes());
    for (int z = 0, i = 0; z < dims[2]; ++z)
        for (int y = 0; y < dims[1]; ++y)
            for (int x = 0; x < dims[0]; ++x, ++i) {
                int l = 1 + (x >= 17 ? 1 : 0) + (y >= 13 ? 2 : 0);  // four meet along a line off the bricks' faces
                if (z >= 15 && x < 20) l = 5;
                if ((x - 12) * (x - 12) + (y - 20) * (y - 20) + (z - 8) * (z - 8) < 30) l = 300;
                if ((x * 7 + y * 3 + z * 5) % 97 == 0 || z < 2 || y > 26) l = 0;
                v[i] = std::uint16_t(l);
            }
    const AtlasLayout layout = layout_for_dims(dims, 16);
    Volume vol;
    vol.dims = dims;
    vol.values = VoxelValues(values.to_floats());
    const std::vector<float> atlas = volume_atlas(vol, layout);
    const BrickGrid grid = label_bricks(values, dims, 8);
    using Triangle = std::array<float, 20>;  // three positions, three normals, label, other side
    const auto sorted = [](const std::vector<float>& p, const std::vector<float>& n, const std::vector<float>& l,
                           const std::vector<float>& o) {
        std::vector<Triangle> t(p.size() / 9);
        for (std::size_t i = 0; i < t.size(); ++i) {
            for (std::size_t c = 0; c < 9; ++c) t[i][c] = p[9 * i + c], t[i][9 + c] = n[9 * i + c];
            t[i][18] = l[3 * i], t[i][19] = o[i];
        }
        const auto key = [](const Triangle& a) {
            std::array<long, 11> k{};
            for (std::size_t c = 0; c < 9; ++c) k[c] = std::lround(a[c] * 1000);
            k[9] = std::lround(a[18]), k[10] = std::lround(a[19]);
            return k;
        };
        std::sort(t.begin(), t.end(), [&](const Triangle& a, const Triangle& b) { return key(a) < key(b); });
        return t;
    };
    CropBox box;
    box.lo = {5, 0, 3}, box.hi = {30, 21, 22};
    // Rounds of 4 8³ bricks: a 64² base, whose stream (4096 vertices) some rounds outgrow (run
    // again in halves).
    for (const BrickedSurface::Size size : {BrickedSurface::Size{400, 200}, BrickedSurface::Size{6, 4}})
        for (const bool cropped : {false, true}) {
            BrickedSurface surface;
            std::string error;
            ASSERT_TRUE(surface.init(grid, size, values, &error, true)) << error;
            BrickCrop crop;
            crop.box = box;
            const BrickedSurface::Figures f = surface.run(values, kLabelIso, cropped ? &crop : nullptr);
            std::vector<float> p, n, l, o;
            surface.read(surface.vertices(), &p, &n, &l, &o);
            std::vector<float> cropped_atlas = atlas;
            if (cropped) crop_atlas(layout, cropped_atlas.data(), box, 0);
            const MeshData cpu = reference_label_mesh(layout, cropped_atlas.data());
            ASSERT_EQ(f.vertices, cpu.vertices) << (cropped ? "cropped" : "whole");
            ASSERT_GT(f.vertices, 3000u);
            EXPECT_LT(f.active, grid.bricks()) << "bricks inside one label are left out";
            EXPECT_EQ(f.rounds, (f.active + size.round - 1) / size.round);
            EXPECT_FALSE(f.truncated);
            const std::vector<Triangle> gpu = sorted(p, n, l, per_triangle(o)),
                                        want = sorted(cpu.positions, cpu.normals, cpu.labels, cpu.other_labels);
            for (std::size_t t = 0; t < want.size(); ++t)
                for (std::size_t c = 0; c < 20; ++c)
                    ASSERT_NEAR(gpu[t][c], want[t][c], c < 9 || c >= 18 ? 1e-4f : 1e-3f)
                        << (cropped ? "cropped" : "whole") << ", triangle " << t << ", component " << c;
        }
}

}  // namespace
}  // namespace hp

// The first level of the bricked compaction (brick_grid.h): at any iso, the bricks whose range
// straddles it are exactly those holding an active cell, on volumes whose sizes leave partial
// bricks at the far faces, and each brick's range is its voxels' (the apron included).
#include "brick_grid.h"
#include "brick_pyramid.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

namespace hp {
namespace {

std::vector<float> field(const std::array<int, 3>& d, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> jitter(-0.05f, 0.05f);
    std::vector<float> v(std::size_t(d[0]) * std::size_t(d[1]) * std::size_t(d[2]));
    for (int z = 0, i = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x, ++i)  // two blobs and a little noise: bricks on, off and between
                v[std::size_t(i)] = std::exp(-0.02f * float((x - 9) * (x - 9) + (y - 12) * (y - 12) + (z - 7) * (z - 7))) +
                                    0.8f * std::exp(-0.05f * float((x - 30) * (x - 30) + (y - 5) * (y - 5) + (z - 20) * (z - 20))) +
                                    jitter(rng);
    return v;
}

// Calls cell(x, y, z) for each cell of a d volume (its values read by at) that the iso crosses:
// some corner below it, some not.
template <typename At, typename Cell>
void active_cells(const std::array<int, 3>& d, float iso, At at, Cell cell) {
    for (int z = 0; z + 1 < d[2]; ++z)
        for (int y = 0; y + 1 < d[1]; ++y)
            for (int x = 0; x + 1 < d[0]; ++x) {
                int below = 0;
                for (int k = 0; k < 8; ++k) below += at(x + (k & 1), y + ((k >> 1) & 1), z + (k >> 2)) < iso;
                if (below != 0 && below != 8) cell(x, y, z);
            }
}

TEST(BrickGrid, ActiveBricksAreThoseHoldingAnActiveCell) {
    for (const std::array<int, 3> d : {std::array<int, 3>{37, 23, 26}, std::array<int, 3>{33, 17, 9}, std::array<int, 3>{8, 8, 8}})
        for (int size : {4, 8, 16}) {
            const std::vector<float> v = field(d, unsigned(d[0] * size));
            const BrickGrid g = brick_grid(v.data(), d, size);
            ASSERT_EQ(g.grid[0], (d[0] - 1 + size - 1) / size);
            const auto at = [&](int x, int y, int z) { return v[std::size_t(x) + std::size_t(d[0]) * (std::size_t(y) + std::size_t(d[1]) * std::size_t(z))]; };
            // Each brick's range against its voxels, read directly.
            for (int bz = 0; bz < g.grid[2]; ++bz)
                for (int by = 0; by < g.grid[1]; ++by)
                    for (int bx = 0; bx < g.grid[0]; ++bx) {
                        float lo = 1e9f, hi = -1e9f;
                        for (int z = bz * size; z <= std::min(bz * size + size, d[2] - 1); ++z)
                            for (int y = by * size; y <= std::min(by * size + size, d[1] - 1); ++y)
                                for (int x = bx * size; x <= std::min(bx * size + size, d[0] - 1); ++x)
                                    lo = std::min(lo, at(x, y, z)), hi = std::max(hi, at(x, y, z));
                        const std::size_t b = std::size_t(bx) + std::size_t(g.grid[0]) * (std::size_t(by) + std::size_t(g.grid[1]) * std::size_t(bz));
                        ASSERT_EQ(g.lo[b], lo) << "brick " << b;
                        ASSERT_EQ(g.hi[b], hi) << "brick " << b;
                    }
            for (float iso : {0.05f, 0.3f, 0.5f, 0.75f, 2.0f}) {
                // The bricks of the active cells, by brute force over every cell's corners.
                std::vector<std::uint32_t> want;
                active_cells(d, iso, at, [&](int x, int y, int z) {
                    want.push_back(std::uint32_t(x / size + g.grid[0] * (y / size + g.grid[1] * (z / size))));
                });
                std::sort(want.begin(), want.end());
                want.erase(std::unique(want.begin(), want.end()), want.end());
                std::vector<std::uint32_t> got;
                const BrickCount c = active_bricks(g, iso, &got);
                EXPECT_EQ(got, want) << d[0] << "×" << d[1] << "×" << d[2] << " in " << size << "³ at " << iso;
                EXPECT_EQ(c.active, want.size());
                std::uint64_t held = 0;
                for (std::uint32_t b : got) {
                    const int bx = int(b) % g.grid[0], by = int(b) / g.grid[0] % g.grid[1], bz = int(b) / (g.grid[0] * g.grid[1]);
                    held += std::uint64_t(std::min(size, d[0] - 1 - bx * size) + 1) * std::uint64_t(std::min(size, d[1] - 1 - by * size) + 1) *
                            std::uint64_t(std::min(size, d[2] - 1 - bz * size) + 1);
                }
                EXPECT_EQ(c.voxels_held, held);
            }
        }
}

// With a crop box (its outside reading the background, as every read of the volume does): every
// brick holding an active cell of the cropped volume is active, and no brick wholly outside the
// box is. (A brick the box cuts may be active with no active cell: its range, taken over all its
// voxels, is wider than what it reads.)
TEST(BrickGrid, ActiveBricksWithACropHoldEveryActiveCell) {
    const std::array<int, 3> d{37, 23, 26};
    const std::vector<float> v = field(d, 11);
    std::mt19937 rng(4);
    for (int size : {4, 8}) {
        const BrickGrid g = brick_grid(v.data(), d, size);
        for (int t = 0; t < 12; ++t) {
            BrickCrop crop;
            for (int a = 0; a < 3; ++a) {
                const int p = int(rng() % unsigned(d[a])), q = int(rng() % unsigned(d[a]));
                crop.box.lo[std::size_t(a)] = std::min(p, q), crop.box.hi[std::size_t(a)] = std::max(p, q);
            }
            const float iso = 0.2f + 0.1f * float(t % 5);
            crop.background = iso - 2.0f;
            const auto at = [&](int x, int y, int z) {
                return crop.box.contains(x, y, z) ? v[std::size_t(x) + std::size_t(d[0]) * (std::size_t(y) + std::size_t(d[1]) * std::size_t(z))]
                                                  : crop.background;
            };
            std::vector<std::uint32_t> got;
            active_bricks(g, iso, &got, &crop);
            active_cells(d, iso, at, [&](int x, int y, int z) {
                const std::uint32_t b = std::uint32_t(x / size + g.grid[0] * (y / size + g.grid[1] * (z / size)));
                EXPECT_TRUE(std::binary_search(got.begin(), got.end(), b)) << "cell " << x << "," << y << "," << z;
            });
            for (std::uint32_t b : got) {
                const int at3[3] = {int(b) % g.grid[0], int(b) / g.grid[0] % g.grid[1], int(b) / (g.grid[0] * g.grid[1])};
                for (int a = 0; a < 3; ++a) {
                    const int first = at3[a] * size, last = std::min(first + size, d[a] - 1);
                    EXPECT_TRUE(last >= crop.box.lo[std::size_t(a)] && first <= crop.box.hi[std::size_t(a)]) << "brick " << b << " is outside the box";
                }
            }
        }
    }
}

}  // namespace
}  // namespace hp

namespace hp {
namespace {

// Over stored 16-bit values with a scaling, the grid is the one over the same values as floats.
TEST(BrickGrid, StoredIntegersGiveTheFloatGrid) {
    const std::array<int, 3> d{37, 20, 33};
    VoxelValues stored(Stored::I16, std::size_t(d[0]) * std::size_t(d[1]) * std::size_t(d[2]), {0.37, -1024.5});
    std::mt19937 rng(7);
    std::int16_t* p = reinterpret_cast<std::int16_t*>(stored.bytes());
    for (std::size_t i = 0; i < stored.size(); ++i) p[i] = std::int16_t(int(rng() % 4000) - 2000);
    const std::vector<float> floats = stored.to_floats();
    const BrickGrid a = brick_grid(stored, d, 8), b = brick_grid(floats.data(), d, 8);
    EXPECT_EQ(a.grid, b.grid);
    EXPECT_EQ(a.lo, b.lo);
    EXPECT_EQ(a.hi, b.hi);
    // Made as the values arrive (a load's parts, ending mid-row): the same grid, whatever the parts.
    for (std::size_t part : {std::size_t(1), std::size_t(36), std::size_t(741), stored.size()}) {
        BrickGridRows rows(d, 8);
        for (std::size_t in = 0; !rows.done();) {
            in = std::min(stored.size(), in + part);
            rows.arrived(stored, in);
            EXPECT_EQ(rows.done(), in == stored.size());
        }
        EXPECT_EQ(rows.grid().lo, a.lo) << part;
        EXPECT_EQ(rows.grid().hi, a.hi) << part;
    }
}

}  // namespace
}  // namespace hp

namespace hp {
namespace {

// classify=labels in bricks: every voxel with a face toward another label (the outside and,
// with a crop box, what lies outside it reading as the background, 0) lies in a brick of
// label_bricks' grid that active_bricks picks at kLabelIso (with label_level_crop's box), and
// the bricks inside one label's region, or the background's, are not picked.
TEST(BrickGrid, LabelBricksHoldEveryVoxelBetweenLabels) {
    for (const std::array<int, 3> d : {std::array<int, 3>{37, 23, 26}, std::array<int, 3>{33, 17, 9}, std::array<int, 3>{16, 16, 16}})
        for (int size : {4, 8}) {
            std::vector<float> v(std::size_t(d[0]) * std::size_t(d[1]) * std::size_t(d[2]));
            // Two large labels and a ball of a third inside, some background slabs: most
            // bricks lie within one label.
            for (int z = 0, i = 0; z < d[2]; ++z)
                for (int y = 0; y < d[1]; ++y)
                    for (int x = 0; x < d[0]; ++x, ++i) {
                        float l = x < d[0] / 2 ? 1.0f : 2.0f;
                        if ((x - 8) * (x - 8) + (y - 8) * (y - 8) + (z - 5) * (z - 5) < 10) l = 7;
                        if (y > 3 * d[1] / 4) l = 0;
                        v[std::size_t(i)] = l;
                    }
            const BrickGrid g = label_bricks(VoxelValues(std::vector<float>(v)), d, size);
            for (int a = 0; a < 3; ++a) ASSERT_EQ(g.grid[std::size_t(a)], (d[std::size_t(a)] + size - 1) / size);
            std::mt19937 rng(unsigned(d[0] * size));
            for (int t = 0; t < 8; ++t) {
                BrickCrop crop;
                crop.background = 0;
                for (int a = 0; a < 3 && t > 0; ++a) {
                    const int p = int(rng() % unsigned(d[std::size_t(a)])), q = int(rng() % unsigned(d[std::size_t(a)]));
                    crop.box.lo[std::size_t(a)] = std::min(p, q), crop.box.hi[std::size_t(a)] = std::max(p, q);
                }
                const BrickCrop level = label_level_crop(crop, d);
                std::vector<std::uint32_t> got;
                active_bricks(g, kLabelIso, &got, t > 0 ? &level : nullptr);
                const auto at = [&](int x, int y, int z) {
                    if (x < 0 || y < 0 || z < 0 || x >= d[0] || y >= d[1] || z >= d[2] || !crop.box.contains(x, y, z)) return 0.0f;
                    return v[std::size_t(x) + std::size_t(d[0]) * (std::size_t(y) + std::size_t(d[1]) * std::size_t(z))];
                };
                int active = 0;
                for (int z = 0; z < d[2]; ++z)
                    for (int y = 0; y < d[1]; ++y)
                        for (int x = 0; x < d[0]; ++x) {
                            const float l = at(x, y, z);
                            if (l == 0) continue;
                            const bool between = at(x - 1, y, z) != l || at(x + 1, y, z) != l || at(x, y - 1, z) != l ||
                                                 at(x, y + 1, z) != l || at(x, y, z - 1) != l || at(x, y, z + 1) != l;
                            if (!between) continue;
                            ++active;
                            const std::uint32_t b = std::uint32_t(x / size + g.grid[0] * (y / size + g.grid[1] * (z / size)));
                            ASSERT_TRUE(std::binary_search(got.begin(), got.end(), b))
                                << d[0] << "×" << d[1] << "×" << d[2] << " in " << size << "³, box " << t << ": voxel " << x << "," << y << "," << z;
                        }
                if (t > 0) continue;
                EXPECT_GT(active, 0);
                // Uncropped, exactly the bricks whose reads (b·B − 1 … b·B + B, the outside the
                // background) hold more than one label.
                std::vector<std::uint32_t> want;
                for (int bz = 0, b = 0; bz < g.grid[2]; ++bz)
                    for (int by = 0; by < g.grid[1]; ++by)
                        for (int bx = 0; bx < g.grid[0]; ++bx, ++b) {
                            const float first = at(bx * size - 1, by * size - 1, bz * size - 1);
                            bool mixed = false;
                            for (int z = bz * size - 1; z <= bz * size + size && !mixed; ++z)
                                for (int y = by * size - 1; y <= by * size + size && !mixed; ++y)
                                    for (int x = bx * size - 1; x <= bx * size + size && !mixed; ++x) mixed = at(x, y, z) != first;
                            if (mixed) want.push_back(std::uint32_t(b));
                        }
                EXPECT_EQ(got, want);
                if (d[0] == 37 && size == 4) EXPECT_LT(want.size() * 10, g.bricks() * 9) << "bricks inside one label";
            }
        }
}

}  // namespace
}  // namespace hp

namespace hp {
namespace {

// One brick's own pyramid (the Explain view's): each level sums the four below it, and over
// all bricks the tops add up to the volume's active cells (surface) or voxels between labels,
// each counted once, cropped or not.
TEST(BrickPyramid, TheBricksCountsAddUpToTheVolumes) {
    const std::array<int, 3> d{37, 23, 26};
    const std::vector<float> v = field(d, 5);
    const VoxelValues values{std::vector<float>(v)};
    std::vector<float> l(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) l[i] = std::floor(v[i] * 4);  // labels 0–4
    const VoxelValues labels{std::vector<float>(l)};
    for (const bool cropped : {false, true}) {
        BrickCrop crop;
        crop.box.lo = {3, 0, 5}, crop.box.hi = {30, 20, 25};
        const auto at = [&](const std::vector<float>& f, int x, int y, int z, float background) {
            if (cropped && !crop.box.contains(x, y, z)) return background;
            return f[std::size_t(x) + std::size_t(d[0]) * (std::size_t(y) + std::size_t(d[1]) * std::size_t(z))];
        };
        const float iso = 0.45f;
        crop.background = iso - 2;
        std::uint64_t cells = 0, voxels = 0;
        active_cells(d, iso, [&](int x, int y, int z) { return at(v, x, y, z, iso - 2); }, [&](int, int, int) { ++cells; });
        const auto label = [&](int x, int y, int z) {
            return x < 0 || y < 0 || z < 0 || x >= d[0] || y >= d[1] || z >= d[2] ? 0.0f : at(l, x, y, z, 0.0f);
        };
        for (int z = 0; z < d[2]; ++z)
            for (int y = 0; y < d[1]; ++y)
                for (int x = 0; x < d[0]; ++x) voxels += labels::faces(label, x, y, z) != 0;
        ASSERT_GT(cells, 100u);
        ASSERT_GT(voxels, 100u);
        for (const bool by_label : {false, true}) {
            BrickCrop box = crop;
            box.background = by_label ? 0.0f : iso - 2;
            const int size = 8;
            std::uint64_t sum = 0;
            for (int bz = 0; bz * size < d[2]; ++bz)
                for (int by = 0; by * size < d[1]; ++by)
                    for (int bx = 0; bx * size < d[0]; ++bx) {
                        const BrickPyramid p = brick_pyramid(by_label ? labels : values, d, size, {bx, by, bz}, iso,
                                                             cropped ? &box : nullptr, by_label);
                        ASSERT_EQ(p.side, 32);  // 3×3 slices of 8² in 24², up to 32
                        ASSERT_EQ(p.levels.size(), 6u);
                        for (std::size_t k = 1; k < p.levels.size(); ++k) {
                            std::uint64_t a = 0, b = 0;
                            for (std::uint32_t s : p.levels[k - 1]) a += s;
                            for (std::uint32_t s : p.levels[k]) b += s;
                            ASSERT_EQ(a, b) << "level " << k;
                        }
                        sum += p.count();
                    }
            EXPECT_EQ(sum, by_label ? voxels : cells) << (cropped ? "cropped" : "whole") << (by_label ? ", labels" : "");
        }
    }
}

}  // namespace
}  // namespace hp

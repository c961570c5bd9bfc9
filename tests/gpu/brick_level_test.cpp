// The first level of a bricked compaction on a real GL stack (app/gpu/brick_level.h): the bricks
// the GPU finds active are those the CPU finds (brick_grid.h's active_bricks), every one, in the
// pyramid's order, at isos below, inside and at the ends of the values, over a volume's bricks
// and over ranges chosen to touch the iso exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "brick_grid.h"
#include "brick_level.h"
#include "test_context.h"

namespace hp {
namespace {

// The GPU's active bricks at `iso`, sorted, against the CPU's (raster order: sorted already).
void expect_same(BrickLevel* level, const BrickGrid& g, float iso) {
    std::vector<std::uint32_t> cpu;
    const BrickCount c = active_bricks(g, iso, &cpu);
    const std::uint32_t count = level->run(iso);
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

}  // namespace
}  // namespace hp

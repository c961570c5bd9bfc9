#include <gtest/gtest.h>

#include <random>

#include "cpu_reference.h"
#include "morton.h"

namespace hp {
namespace {

// The article's worked example: a 4×4 base whose 2×2 level is (3, 2, 3, 1), total 9.
std::vector<std::uint8_t> article_base() {
    // rows y = 0..3, x = 0..3
    return {1, 1, 0, 1,
            1, 0, 1, 0,
            1, 0, 0, 0,
            1, 1, 1, 0};
}

TEST(Pyramid, ArticleExampleLevelSums) {
    const auto p = build_scalar_pyramid(article_base(), 4);
    ASSERT_EQ(p.size(), 2u);
    EXPECT_EQ(p[0], (std::vector<std::uint32_t>{3, 2, 3, 1}));
    EXPECT_EQ(p[1], (std::vector<std::uint32_t>{9}));
    const auto v = build_vec4_pyramid(article_base(), 4);
    EXPECT_EQ(v[1][0], (std::array<std::uint32_t, 4>{3, 5, 8, 9}));
    EXPECT_EQ(v[0][1], (std::array<std::uint32_t, 4>{0, 1, 2, 2}));  // children of (1,0)
}

TEST(Pyramid, ArticleExampleKeyFourLandsOnTexelTwoOne) {
    const auto base = article_base();
    const Texel s = traverse(build_scalar_pyramid(base, 4), base, 4, 4);
    EXPECT_EQ(s.x, 2);
    EXPECT_EQ(s.y, 1);
    const Texel v = traverse(build_vec4_pyramid(base, 4), 4, 4);
    EXPECT_EQ(v.x, 2);
    EXPECT_EQ(v.y, 1);
}

class RandomBase : public ::testing::TestWithParam<std::tuple<int, double>> {};

TEST_P(RandomBase, EveryKeyTraversesToTheMortonOrderedList) {
    const auto [size, density] = GetParam();
    std::mt19937 rng(size * 1000 + int(density * 100));
    std::bernoulli_distribution active(density);
    std::vector<std::uint8_t> base(std::size_t(size) * size);
    for (auto& b : base) b = active(rng);

    const auto scalar = build_scalar_pyramid(base, size);
    const auto vec4 = build_vec4_pyramid(base, size);
    const auto list = active_texels_morton(base, size);
    ASSERT_EQ(pyramid_total(scalar), list.size());
    ASSERT_EQ(pyramid_total(vec4), list.size());
    for (std::uint32_t k = 0; k < list.size(); ++k) {
        const Texel a = traverse(scalar, base, size, k), b = traverse(vec4, size, k);
        ASSERT_EQ(a.x, list[k].x) << "key " << k;
        ASSERT_EQ(a.y, list[k].y) << "key " << k;
        ASSERT_EQ(b.x, list[k].x) << "key " << k;
        ASSERT_EQ(b.y, list[k].y) << "key " << k;
    }
    // Morton order: strictly increasing keys.
    for (std::size_t i = 1; i < list.size(); ++i)
        ASSERT_LT(morton_encode(list[i - 1].x, list[i - 1].y), morton_encode(list[i].x, list[i].y));
}

INSTANTIATE_TEST_SUITE_P(Sizes, RandomBase,
                         ::testing::Combine(::testing::Values(2, 8, 64, 512),
                                            ::testing::Values(0.0, 0.01, 0.3, 1.0)));

TEST(Pyramid, LevelSumsMatchForBothLayouts) {
    std::mt19937 rng(7);
    std::vector<std::uint8_t> base(256 * 256);
    for (auto& b : base) b = rng() % 3 == 0;
    const auto s = build_scalar_pyramid(base, 256);
    const auto v = build_vec4_pyramid(base, 256);
    ASSERT_EQ(s.size(), 8u);
    for (std::size_t k = 0; k < s.size(); ++k)
        for (std::size_t i = 0; i < s[k].size(); ++i) ASSERT_EQ(s[k][i], v[k][i][3]);
}

// A small hand-made volume: N = 4 in a 16² atlas (4 tiles per row, 16 tiles for 4 slices).
struct TinyVolume {
    AtlasLayout l{16, 4};
    std::vector<float> atlas = std::vector<float>(256, 0.0f);
    void set(int x, int y, int z, float v) {
        const Texel t = l.texel_of({x, y, z});
        atlas[std::size_t(t.y) * 16 + t.x] = v;
    }
};

TEST(Classify, SolidMarksVoxelsAtOrAboveIso) {
    TinyVolume t;
    t.set(1, 2, 3, 0.5f);
    t.set(0, 0, 0, 0.49f);
    const auto base = classify(t.l, t.atlas.data(), Classify::Solid, 0.5f);
    const Texel on = t.l.texel_of({1, 2, 3});
    EXPECT_EQ(base[std::size_t(on.y) * 16 + on.x], 1);
    EXPECT_EQ(std::count(base.begin(), base.end(), 1), 1);
    const auto s = reference_stream(t.l, t.atlas.data(), Classify::Solid, 0.5f);
    ASSERT_EQ(s.size(), 1u);
    EXPECT_EQ(s[0], (StreamEntry{1, 2, 3, 0.5f}));
}

TEST(Classify, SurfaceCaseBitsFollowTheCornerOrder) {
    TinyVolume t;
    // Everything at 1 (above iso) except corner 6 (1,1,1) of cell (0,0,0).
    for (int z = 0; z < 4; ++z)
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 4; ++x) t.set(x, y, z, 1.0f);
    t.set(1, 1, 1, 0.0f);
    EXPECT_EQ(cell_case(t.l, t.atlas.data(), {0, 0, 0}, 0.5f), 1 << 6);
    EXPECT_EQ(cell_case(t.l, t.atlas.data(), {1, 1, 1}, 0.5f), 1 << 0);
    EXPECT_EQ(cell_case(t.l, t.atlas.data(), {1, 0, 0}, 0.5f), 1 << 7);  // (1,1,1) is its (0,1,1)
    EXPECT_EQ(cell_case(t.l, t.atlas.data(), {0, 1, 0}, 0.5f), 1 << 5);
    EXPECT_EQ(cell_case(t.l, t.atlas.data(), {0, 0, 1}, 0.5f), 1 << 2);
    // The 8 cells around voxel (1,1,1) are active; cells touching x, y or z = 3 cannot be.
    const auto base = classify(t.l, t.atlas.data(), Classify::Surface, 0.5f);
    EXPECT_EQ(std::count(base.begin(), base.end(), 1), 8);
    EXPECT_FALSE(is_active(t.l, t.atlas.data(), {3, 0, 0}, Classify::Surface, 0.5f));
    // All below iso: no cell is active.
    TinyVolume empty;
    EXPECT_EQ(reference_stream(empty.l, empty.atlas.data(), Classify::Surface, 0.5f).size(), 0u);
}

TEST(Classify, StreamIsMortonOrderedWithCases) {
    TinyVolume t;
    t.set(1, 1, 1, 1.0f);
    const auto s = reference_stream(t.l, t.atlas.data(), Classify::Surface, 0.5f);
    ASSERT_EQ(s.size(), 8u);
    // Slice 0's cells come first (tile (0,0)), then slice 1's (tile (1,0)); within a slice,
    // Morton order of (x, y): (0,0), (1,0), (0,1), (1,1).
    const StreamEntry want[8] = {{0, 0, 0, 255 - 64}, {1, 0, 0, 255 - 128}, {0, 1, 0, 255 - 32},
                                 {1, 1, 0, 255 - 16}, {0, 0, 1, 255 - 4},   {1, 0, 1, 255 - 8},
                                 {0, 1, 1, 255 - 2},  {1, 1, 1, 255 - 1}};
    for (int i = 0; i < 8; ++i) EXPECT_EQ(s[std::size_t(i)], want[i]) << "key " << i;
    EXPECT_EQ(reference_stream(t.l, t.atlas.data(), Classify::Surface, 0.5f, 3).size(), 3u);
}

}  // namespace
}  // namespace hp

// The Explain view's walk on the CPU (app/core/explain.h): every level of a key's walk holds
// the keys a brute-force count over the Morton order gives it; the GPU's steps are checked the
// same way and a broken one is named; a scan's tile is found by its starts.
#include <gtest/gtest.h>

#include <random>

#include "explain.h"
#include "marching_cubes.h"
#include "morton.h"

namespace hp {
namespace {

std::vector<std::uint8_t> random_base(int size, double density, unsigned seed) {
    std::mt19937 rng(seed);
    std::bernoulli_distribution on(density);
    std::vector<std::uint8_t> base(std::size_t(size) * std::size_t(size));
    for (auto& b : base) b = on(rng) ? 1 : 0;
    return base;
}

// The keys of the active texels inside an aligned 2^level block, by brute force.
std::pair<std::uint32_t, std::uint32_t> keys_in(const std::vector<Texel>& order, int level, Texel t) {
    std::uint32_t lo = 0, n = 0;
    bool seen = false;
    for (std::uint32_t k = 0; k < order.size(); ++k) {
        if ((order[k].x >> level) != t.x || (order[k].y >> level) != t.y) continue;
        if (!seen) lo = k, seen = true;
        ++n;
    }
    return {seen ? lo : 0, n};
}

TEST(Explain, EveryLevelHoldsTheKeysOfItsBlock) {
    for (int size : {4, 16, 64}) {
        const auto base = random_base(size, size == 64 ? 0.1 : 0.4, unsigned(size));
        const auto pyramid = build_scalar_pyramid(base, size);
        const auto order = active_texels_morton(base, size);
        ASSERT_GT(order.size(), 2u);
        for (std::uint32_t key : {0u, std::uint32_t(order.size() / 3), std::uint32_t(order.size() - 1)}) {
            const Explanation e = explain_reference(pyramid, base, size, key);
            ASSERT_EQ(e.state, Explanation::State::Ready);
            ASSERT_EQ(e.path.size(), std::size_t(log2_exact(size) + 1));
            EXPECT_EQ(e.base.x, order[key].x);
            EXPECT_EQ(e.base.y, order[key].y);
            for (const WalkStep& s : e.path) {
                EXPECT_EQ(s.texel.x, order[key].x >> s.level);
                EXPECT_EQ(s.texel.y, order[key].y >> s.level);
                const auto [lo, n] = keys_in(order, s.level, s.texel);
                EXPECT_EQ(s.lo, lo) << "level " << s.level;
                EXPECT_EQ(s.sum, n) << "level " << s.level;
                if (s.level == 0) continue;
                for (int c = 0; c < 4; ++c)
                    EXPECT_EQ(s.children[std::size_t(c)],
                              keys_in(order, s.level - 1, {2 * s.texel.x + (c & 1), 2 * s.texel.y + (c >> 1)}).second);
                EXPECT_GE(key, s.child_lo(s.child));
                EXPECT_LT(key, s.child_lo(s.child) + s.children[std::size_t(s.child)]);
            }
        }
        const Explanation past = explain_reference(pyramid, base, size, std::uint32_t(order.size()));
        EXPECT_EQ(past.state, Explanation::State::Refused);
        EXPECT_NE(past.error.find("past the count"), std::string::npos) << past.error;
    }
}

// The GPU's 8 numbers a step, as the reference would give them.
std::vector<std::uint32_t> steps_of(const Explanation& e) {
    std::vector<std::uint32_t> out;
    for (const WalkStep& s : e.path) {
        out.insert(out.end(), {std::uint32_t(s.texel.x), std::uint32_t(s.texel.y), s.sum, s.lo});
        out.insert(out.end(), s.children.begin(), s.children.end());
    }
    return out;
}

TEST(Explain, StepsFromTheGpuAreCheckedAndABrokenOneIsNamed) {
    const int size = 32;
    const auto base = random_base(size, 0.3, 7);
    const auto pyramid = build_scalar_pyramid(base, size);
    const std::uint32_t key = pyramid_total(pyramid) / 2;
    const Explanation want = explain_reference(pyramid, base, size, key);
    std::vector<std::uint32_t> steps = steps_of(want);
    Explanation got;
    std::string error;
    ASSERT_TRUE(path_from_steps(steps, log2_exact(size), key, &got, &error)) << error;
    EXPECT_EQ(explanation_json(got), explanation_json(want));
    steps[8 * 2 + 5] += 1;  // a child's sum at the third step
    EXPECT_FALSE(path_from_steps(steps, log2_exact(size), key, &got, &error));
    EXPECT_NE(error.find("do not add up"), std::string::npos) << error;
    steps = steps_of(want);
    steps[8 * 3 + 0] += 2;  // a texel that is not a child of the one above
    EXPECT_FALSE(path_from_steps(steps, log2_exact(size), key, &got, &error));
    EXPECT_NE(error.find("not one of its children"), std::string::npos) << error;
}

TEST(Explain, ScanTilesAndTheTileOfAKey) {
    // Tiles of 4 texels holding 3, 0, 2 and 1 elements: starts 0, 3, 3, 5.
    const ScanTiles plain = scan_tiles({0, 3, 3, 5}, 4, false, 0);
    EXPECT_EQ(plain.starts, (std::vector<std::uint32_t>{0, 3, 3, 5}));
    // The single pass's posts: inclusive prefixes with flag bits above the value.
    const std::uint32_t flags = 0xe0000000u;
    const ScanTiles posts = scan_tiles({flags | 3, flags | 3, flags | 5, flags | 6}, 4, true, 0x1fffffffu);
    EXPECT_EQ(posts.starts, plain.starts);
    const std::uint32_t want_tile[] = {0, 0, 0, 2, 2, 3};
    for (std::uint32_t key = 0; key < 6; ++key) {
        const ScanPlace p = scan_place(plain.starts, 4, key);
        EXPECT_EQ(p.tile, want_tile[key]) << "key " << key;  // never the empty tile 1
        EXPECT_EQ(p.start, plain.starts[p.tile]);
        EXPECT_EQ(p.offset, key - p.start);
    }
}

TEST(Explain, TheCellsTrianglesLieOnItsCrossedEdges) {
    const std::array<float, 8> corners{0.1f, 0.9f, 0.7f, 0.2f, 0.3f, 0.8f, 0.95f, 0.05f};
    int c = 0;
    for (int i = 0; i < 8; ++i)
        if (corners[std::size_t(i)] < 0.5f) c |= 1 << i;
    const std::vector<float> t = cell_triangles(c, corners, 0.5f);
    ASSERT_EQ(t.size(), std::size_t(9 * mc::triangle_count(c)));
    ASSERT_FALSE(t.empty());
    for (std::size_t i = 0; i < t.size(); i += 3) {
        // On an edge of the unit cell: two coordinates are 0 or 1, the third inside.
        int whole = 0;
        for (int a = 0; a < 3; ++a) whole += t[i + std::size_t(a)] == 0.0f || t[i + std::size_t(a)] == 1.0f;
        EXPECT_GE(whole, 2) << "vertex " << i / 3;
    }
    EXPECT_TRUE(cell_triangles(0, corners, 0.5f).empty());
}

// hp.explain's answer, member for member as the page reads it: a walk's path, or a scan's place.
TEST(Explain, JsonAsThePageReadsIt) {
    Explanation walk;
    walk.key = 7, walk.count = 8910, walk.voxel = {18, 29, 8}, walk.base = {18, 93}, walk.cell_case = 31;
    WalkStep top;
    top.level = 1, top.texel = {9, 46}, top.sum = 4, top.lo = 5, top.children = {1, 1, 1, 1}, top.child = 2;
    WalkStep base;
    base.level = 0, base.texel = {18, 93}, base.sum = 1, base.lo = 7;
    walk.path = {top, base};
    EXPECT_EQ(explanation_json(walk),
              R"({"key":7,"count":8910,"voxel":[18,29,8],"base":[18,93],"case":31,"path":[)"
              R"({"level":1,"texel":[9,46],"sum":4,"range":[5,9],"children":[1,1,1,1],"child":2},)"
              R"({"level":0,"texel":[18,93],"sum":1,"range":[7,8]}]})");
    Explanation scan;
    scan.key = 4294967295u, scan.count = 0, scan.voxel = {-1, 0, 2}, scan.scan = true;
    scan.place = {144, 1024, 4454, 1};
    EXPECT_EQ(explanation_json(scan),
              R"({"key":4294967295,"count":0,"voxel":[-1,0,2],"base":[0,0],)"
              R"("scan":{"tile":144,"tileSize":1024,"tileStart":4454,"offsetInTile":1}})");
}

}  // namespace
}  // namespace hp

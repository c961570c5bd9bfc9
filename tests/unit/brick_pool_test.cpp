// The brick pool's residency (app/core/volume/brick_pool.h): a set that fits is uploaded once and
// an iso change that needs no new brick uploads nothing; eviction takes the bricks used longest
// ago; a set larger than the pool runs in rounds whose uploads, applied in turn, hold each
// round's bricks; a slot's voxels are the volume's, with the voxels its cells' gradients read.
#include "brick_pool.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

namespace hp {
namespace {

using Rounds = std::vector<BrickResidency::Round>;

std::uint64_t uploads_in(const Rounds& rounds) {
    std::uint64_t n = 0;
    for (const auto& r : rounds) n += r.uploads.size();
    return n;
}

TEST(BrickPool, WhatFitsIsUploadedOnce) {
    BrickResidency pool(8);
    EXPECT_EQ(uploads_in(pool.plan({1, 4, 9})), 3u);
    EXPECT_EQ(uploads_in(pool.plan({1, 4, 9})), 0u);  // the same iso: nothing
    EXPECT_EQ(uploads_in(pool.plan({4})), 0u);        // fewer bricks: nothing
    const Rounds more = pool.plan({1, 4, 9, 12, 30});
    ASSERT_EQ(more.size(), 1u);
    EXPECT_EQ(more[0].bricks, (std::vector<std::uint32_t>{1, 4, 9, 12, 30}));
    ASSERT_EQ(more[0].uploads.size(), 2u);  // only the newly active ones
    EXPECT_EQ(more[0].uploads[0].brick, 12u);
    EXPECT_EQ(more[0].uploads[1].brick, 30u);
    EXPECT_EQ(pool.uploads(), 5u);
    EXPECT_EQ(pool.resident(), 5u);
    for (std::uint32_t b : {1u, 4u, 9u, 12u, 30u}) EXPECT_EQ(pool.brick_of(pool.slot_of(b)), b);
    EXPECT_EQ(pool.slot_of(2), BrickResidency::kNone);
}

TEST(BrickPool, EvictsTheBricksUsedLongestAgo) {
    BrickResidency pool(4);
    pool.plan({1, 2, 3, 4});
    pool.plan({1, 2});
    const Rounds r = pool.plan({1, 2, 5, 6});  // 3 and 4 go, 1 and 2 stay
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].uploads.size(), 2u);
    EXPECT_EQ(pool.slot_of(3), BrickResidency::kNone);
    EXPECT_EQ(pool.slot_of(4), BrickResidency::kNone);
    EXPECT_EQ(uploads_in(pool.plan({1, 2, 5, 6})), 0u);
}

// Rounds: applying each round's uploads to the slots in turn holds that round's bricks; every
// active brick is in exactly one round; the resident ones are in the first.
TEST(BrickPool, ASetLargerThanThePoolRunsInRounds) {
    std::mt19937 rng(5);
    BrickResidency pool(16);
    std::vector<std::uint32_t> slots(16, BrickResidency::kNone);
    for (int t = 0; t < 20; ++t) {
        std::vector<std::uint32_t> active;
        for (std::uint32_t b = 0; b < 200; ++b)
            if (rng() % 100 < (t % 3 == 0 ? 25u : 6u)) active.push_back(b);
        const std::vector<std::uint32_t> resident_before = [&] {
            std::vector<std::uint32_t> r;
            for (std::uint32_t b : active)
                if (pool.slot_of(b) != BrickResidency::kNone) r.push_back(b);
            return r;
        }();
        const Rounds rounds = pool.plan(active);
        std::map<std::uint32_t, int> seen;
        for (std::size_t k = 0; k < rounds.size(); ++k) {
            EXPECT_LE(rounds[k].bricks.size(), 16u);
            for (const auto& u : rounds[k].uploads) slots[u.slot] = u.brick;
            ASSERT_EQ(rounds[k].slots.size(), rounds[k].bricks.size());
            for (std::size_t i = 0; i < rounds[k].bricks.size(); ++i) {
                const std::uint32_t b = rounds[k].bricks[i];
                ++seen[b];
                EXPECT_EQ(slots[rounds[k].slots[i]], b) << "brick " << b << " in round " << k << " is where the round says";
            }
        }
        EXPECT_EQ(seen.size(), active.size());
        for (const auto& [b, n] : seen) EXPECT_EQ(n, 1) << b;
        EXPECT_EQ(rounds.size(), (active.size() + 15) / 16);
        for (std::uint32_t b : resident_before)
            if (rounds.size() > 1 && resident_before.size() <= 16)
                EXPECT_TRUE(std::binary_search(rounds[0].bricks.begin(), rounds[0].bricks.end(), b)) << b;
        for (std::uint32_t s = 0; s < 16; ++s) EXPECT_EQ(slots[s], pool.brick_of(s)) << "the plan's own record";
        // The index by brick agrees with the slots: each held brick found at its slot, the rest none.
        std::uint32_t held = 0;
        for (std::uint32_t s = 0; s < 16; ++s)
            if (pool.brick_of(s) != BrickResidency::kNone && ++held) EXPECT_EQ(pool.slot_of(pool.brick_of(s)), s);
        EXPECT_EQ(pool.resident(), held);
        std::uint32_t found = 0;
        for (std::uint32_t b = 0; b < 220; ++b) found += pool.slot_of(b) != BrickResidency::kNone;
        EXPECT_EQ(found, held);
    }
}

// Rounds smaller than the pool (the passes' size, not the cache's): a set that fits the pool
// runs in rounds of at most `round` bricks, each round's bricks where it says after its uploads,
// and keeps all of its bricks resident (no round evicts another's); the same set again, or a
// part of it, uploads nothing; a set larger than the pool still runs, in rounds of at most
// `round`, each holding its bricks.
TEST(BrickPool, RoundsSmallerThanThePool) {
    std::mt19937 rng(7);
    BrickResidency pool(64);
    std::vector<std::uint32_t> slots(64, BrickResidency::kNone);
    for (int t = 0; t < 30; ++t) {
        std::vector<std::uint32_t> active;
        const std::uint32_t percent = t % 5 == 4 ? 60u : 20u;  // 60 % of 200: past the pool
        for (std::uint32_t b = 0; b < 200; ++b)
            if (rng() % 100 < percent) active.push_back(b);
        const Rounds rounds = pool.plan(active, 8);
        std::size_t count = 0;
        for (const BrickResidency::Round& r : rounds) {
            EXPECT_LE(r.bricks.size(), 8u);
            for (const auto& u : r.uploads) slots[u.slot] = u.brick;
            for (std::size_t i = 0; i < r.bricks.size(); ++i)
                EXPECT_EQ(slots[r.slots[i]], r.bricks[i]) << "set " << t << ": brick " << r.bricks[i] << " is where its round says";
            count += r.bricks.size();
        }
        EXPECT_EQ(count, active.size());
        EXPECT_EQ(rounds.size(), (active.size() + 7) / 8);
        if (active.size() > 64) continue;
        for (std::uint32_t b : active) EXPECT_NE(pool.slot_of(b), BrickResidency::kNone) << "set " << t << " keeps " << b;
        EXPECT_EQ(uploads_in(pool.plan(active, 8)), 0u) << "set " << t << " again";
        const std::vector<std::uint32_t> half(active.begin(), active.begin() + std::ptrdiff_t(active.size() / 2));
        EXPECT_EQ(uploads_in(pool.plan(half, 8)), 0u) << "half of set " << t;
    }
}

TEST(BrickPool, ASlotHoldsTheBricksVoxelsWithItsApron) {
    const std::array<int, 3> d{21, 10, 12};
    std::vector<float> v(std::size_t(d[0]) * std::size_t(d[1]) * std::size_t(d[2]));
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = float(i % 997);
    const VoxelValues values(v);
    const BrickGrid g = brick_grid(values, d, 8);  // 3×2×2 bricks
    ASSERT_EQ(slot_side(g), 11);  // voxels −1 … 9 of each brick
    std::vector<float> out(11 * 11 * 11);
    const auto clamp = [](int v, int n) { return std::min(std::max(v, 0), n - 1); };
    for (std::uint32_t b = 0; b < 12; ++b) {
        brick_voxels(values, g, b, out.data());
        const int bx = int(b % 3), by = int(b / 3 % 2), bz = int(b / 6);
        for (int z = 0; z < 11; ++z)
            for (int y = 0; y < 11; ++y)
                for (int x = 0; x < 11; ++x) {
                    const int vx = clamp(bx * 8 + x - 1, d[0]), vy = clamp(by * 8 + y - 1, d[1]), vz = clamp(bz * 8 + z - 1, d[2]);
                    ASSERT_EQ(out[std::size_t(x + 11 * (y + 11 * z))], v[std::size_t(vx + d[0] * (vy + d[1] * vz))])
                        << b << ": " << x << " " << y << " " << z;
                }
    }
    // The same voxels in a stored type (what an int16 pool holds): brick_stored's, scaled, are
    // brick_voxels'.
    VoxelValues typed(Stored::I16, v.size(), {0.5, -7});
    auto* t = reinterpret_cast<std::int16_t*>(typed.bytes());
    for (std::size_t i = 0; i < v.size(); ++i) t[i] = std::int16_t(int(i % 997) - 400);
    std::vector<std::int16_t> stored(11 * 11 * 11);
    for (std::uint32_t b = 0; b < 12; ++b) {
        brick_voxels(typed, g, b, out.data());
        brick_stored(typed, g, b, stored.data());
        for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(typed.scaling()(stored[i]), out[i]) << b << ": " << i;
    }
}

}  // namespace
}  // namespace hp

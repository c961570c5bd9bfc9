// The WebGPU compute plans, run by their CPU twins: the block scan gives the exclusive scan
// for sizes around the block boundaries and with up to three levels of block sums; the
// compute pyramid's levels equal the CPU reference pyramid's, read in Morton order.
#include <gtest/gtest.h>

#include <numeric>
#include <random>

#include "compute_plan.h"
#include "cpu_reference.h"
#include "morton.h"

namespace hp {
namespace {

std::vector<std::uint32_t> exclusive(const std::vector<std::uint32_t>& v, std::uint32_t* total) {
    std::vector<std::uint32_t> out(v.size());
    std::uint32_t sum = 0;
    for (std::size_t i = 0; i < v.size(); ++i) out[i] = sum, sum += v[i];
    *total = sum;
    return out;
}

TEST(ScanPlan, LevelsOfBlockSums) {
    EXPECT_EQ(plan_scan(1).sizes, (std::vector<std::uint32_t>{1, 1}));
    EXPECT_EQ(plan_scan(1024).sizes, (std::vector<std::uint32_t>{1024, 1}));
    EXPECT_EQ(plan_scan(1025).sizes, (std::vector<std::uint32_t>{1025, 2, 1}));
    EXPECT_EQ(plan_scan(2048u * 2048u).sizes, (std::vector<std::uint32_t>{2048u * 2048u, 4096, 4, 1}));
    const ScanPlan big = plan_scan(4096u * 4096u);  // three levels of block sums
    EXPECT_EQ(big.sizes, (std::vector<std::uint32_t>{4096u * 4096u, 16384, 16, 1}));
    EXPECT_EQ(big.sum_levels(), 3u);
}

TEST(ScanPlan, ExclusiveScanAtAwkwardSizes) {
    std::mt19937 rng(7);
    for (std::uint32_t n : {1u, 2u, 1023u, 1024u, 1025u, 3000u, 1024u * 1024u + 1u, 1024u * 1024u * 2u + 513u}) {
        std::vector<std::uint32_t> v(n);
        for (auto& x : v) x = rng() % 3 == 0;
        std::uint32_t want_total = 0;
        const auto want = exclusive(v, &want_total);
        const std::uint32_t total = scan_by_plan(plan_scan(n), &v);
        EXPECT_EQ(total, want_total) << "n=" << n;
        EXPECT_EQ(v, want) << "n=" << n;
    }
}

TEST(ScanPlan, AllAndNoneActiveBlocks) {
    std::vector<std::uint32_t> v(5000, 0);
    std::fill(v.begin() + 1024, v.begin() + 2048, 1u);  // block 1 full, blocks 0, 2.. empty
    v[4999] = 1;
    std::uint32_t want_total = 0;
    const auto want = exclusive(v, &want_total);
    EXPECT_EQ(scan_by_plan(plan_scan(5000), &v), 1025u);
    EXPECT_EQ(v, want);
}

TEST(PyramidPlan, LevelsAndDispatches) {
    const PyramidPlan p = plan_pyramid(2048);
    EXPECT_EQ(p.top, 11);
    ASSERT_EQ(p.dispatches.size(), 3u);  // levels 1-5, 6-10, 11
    EXPECT_EQ(p.dispatches[0].levels, 5u);
    EXPECT_EQ(p.dispatches[1].levels, 5u);
    EXPECT_EQ(p.dispatches[2].levels, 1u);
    EXPECT_EQ(p.dispatches[0].n_out, 1024u * 1024u);
    for (int k = 1; k <= p.top; ++k) EXPECT_EQ(p.offsets[std::size_t(k)] % 4, 0u) << k;  // vec4 loads
    EXPECT_EQ(p.words, (2048u * 2048u - 1) / 3);
}

TEST(PyramidPlan, EqualsTheReferencePyramid) {
    for (int size : {2, 8, 64, 512}) {
        std::mt19937 rng(size);
        std::vector<std::uint8_t> base(std::size_t(size) * size);
        for (auto& b : base) b = rng() % 5 == 0;
        std::vector<std::uint32_t> morton(base.size());
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x)
                morton[morton_encode(std::uint32_t(x), std::uint32_t(y))] = base[std::size_t(y) * size + x];
        const PyramidPlan plan = plan_pyramid(size);
        const auto levels = pyramid_by_plan(plan, morton);
        const ScalarPyramid ref = build_scalar_pyramid(base, size);
        for (int k = 1; k <= plan.top; ++k) {
            const int s = size >> k;
            for (int y = 0; y < s; ++y)
                for (int x = 0; x < s; ++x)
                    ASSERT_EQ(levels[plan.offsets[std::size_t(k)] + morton_encode(std::uint32_t(x), std::uint32_t(y))],
                              ref[std::size_t(k - 1)][std::size_t(y) * s + x])
                        << "size " << size << " level " << k << " texel " << x << "," << y;
        }
    }
}

}  // namespace
}  // namespace hp

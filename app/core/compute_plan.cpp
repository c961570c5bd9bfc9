#include "compute_plan.h"

#include <algorithm>

#include "atlas_layout.h"

namespace hp {

ScanPlan plan_scan(std::uint32_t n) {
    ScanPlan p;
    p.sizes.push_back(std::max<std::uint32_t>(n, 1));
    do p.sizes.push_back(p.blocks(p.sizes.size() - 1));
    while (p.sizes.back() > 1);
    return p;
}

std::uint32_t scan_by_plan(const ScanPlan& plan, std::vector<std::uint32_t>* data) {
    const std::size_t levels = plan.sizes.size();
    std::vector<std::vector<std::uint32_t>> level(levels);
    level[0] = *data;
    level[0].resize(plan.sizes[0]);
    for (std::size_t k = 1; k < levels; ++k) level[k].assign(plan.sizes[k], 0);
    // Down: scan each block of level k in place, its sum into level k+1 (scan_block.wgsl).
    for (std::size_t k = 0; k + 1 < levels; ++k) {
        for (std::uint32_t b = 0; b < plan.blocks(k); ++b) {
            std::uint32_t sum = 0;
            const std::uint32_t end = std::min(plan.sizes[k], (b + 1) * ScanPlan::kBlock);
            for (std::uint32_t i = b * ScanPlan::kBlock; i < end; ++i) {
                const std::uint32_t x = level[k][i];
                level[k][i] = sum;
                sum += x;
            }
            level[k + 1][b] = sum;
        }
    }
    // Up: add each scanned level to the blocks of the one below (scan_add.wgsl).
    for (std::size_t k = levels - 2; k-- > 0;)
        for (std::uint32_t i = 0; i < plan.sizes[k]; ++i) level[k][i] += level[k + 1][i / ScanPlan::kBlock];
    *data = level[0];
    return level[levels - 1][0];
}

PyramidPlan plan_pyramid(int atlas) {
    PyramidPlan p;
    p.top = log2_exact(atlas);
    p.offsets.assign(std::size_t(p.top) + 1, 0);
    std::uint32_t at = 0;
    for (int k = 1; k <= p.top; ++k) {
        p.offsets[std::size_t(k)] = at;
        at += p.size_of(k);
    }
    p.words = at;
    for (int a = 0; a < p.top;) {
        PyramidPlan::Dispatch d;
        d.levels = std::uint32_t(std::min<int>(PyramidPlan::kMaxLevelsPerDispatch, p.top - a));
        d.n_out = p.size_of(a + 1);
        d.from_base = a == 0;
        d.src = a == 0 ? 0 : p.offsets[std::size_t(a)];
        for (std::uint32_t j = 0; j < d.levels; ++j) d.dst[j] = p.offsets[std::size_t(a) + 1 + j];
        d.workgroups = (d.n_out + 255) / 256;
        p.dispatches.push_back(d);
        a += int(d.levels);
    }
    return p;
}

std::vector<std::uint32_t> pyramid_by_plan(const PyramidPlan& plan, const std::vector<std::uint32_t>& base) {
    std::vector<std::uint32_t> levels(plan.words, 0);
    for (const PyramidPlan::Dispatch& d : plan.dispatches) {
        for (std::uint32_t g = 0; g < d.workgroups; ++g) {
            // The workgroup's 256 first-level sums, then 64, 16, 4, 1 (pyramid_reduce.wgsl).
            std::array<std::uint32_t, 256> sums{};
            for (std::uint32_t t = 0; t < 256; ++t) {
                const std::uint32_t i = g * 256 + t;
                if (i >= d.n_out) continue;
                const std::uint32_t* c = d.from_base ? &base[4 * std::size_t(i)] : &levels[d.src + 4 * std::size_t(i)];
                sums[t] = c[0] + c[1] + c[2] + c[3];
                levels[d.dst[0] + i] = sums[t];
            }
            std::uint32_t count = 256, n = d.n_out;
            for (std::uint32_t j = 1; j < d.levels; ++j) {
                count /= 4;
                n /= 4;
                for (std::uint32_t t = 0; t < count; ++t) {
                    sums[t] = sums[4 * t] + sums[4 * t + 1] + sums[4 * t + 2] + sums[4 * t + 3];
                    if (g * count + t < n) levels[d.dst[j] + g * count + t] = sums[t];
                }
            }
        }
    }
    return levels;
}

}  // namespace hp

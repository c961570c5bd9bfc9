// The shape of the WebGPU compute work, as plain data (no GPU here), with CPU twins that run
// a plan exactly as the kernels do, so the plans are tested natively:
//  - the block scan (shaders/scan_block.wgsl, scan_add.wgsl): blocks of 1024 are scanned,
//    their sums form the next level, scanned the same way, down to one block; then each
//    level's scanned sums are added back to the level below;
//  - the compute histopyramid (shaders/pyramid_classify.wgsl, pyramid_reduce.wgsl): the base in
//    Morton order, every level a 4-to-1 sum of the one below, up to five levels built per
//    dispatch; the first dispatch classifies the base as it builds levels 1-5.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace hp {

struct ScanPlan {
    static constexpr std::uint32_t kBlock = 1024;  // elements a workgroup scans
    // sizes[0] = n; sizes[k+1] = the block count of level k; the last size is 1 (the total).
    std::vector<std::uint32_t> sizes;
    std::uint32_t blocks(std::size_t level) const { return (sizes[level] + kBlock - 1) / kBlock; }
    // Levels of block sums above the data (sizes.size() - 1).
    std::size_t sum_levels() const { return sizes.size() - 1; }
};
ScanPlan plan_scan(std::uint32_t n);  // n ≥ 1

// Runs the plan on the CPU as the kernels do: `data` becomes its exclusive scan; returns the
// total.
std::uint32_t scan_by_plan(const ScanPlan& plan, std::vector<std::uint32_t>* data);

struct PyramidPlan {
    static constexpr std::uint32_t kMaxLevelsPerDispatch = 5;  // 256 → 64 → 16 → 4 → 1 a workgroup
    int top = 0;                         // L: base size = 4^L (an S×S base has L = log2(S))
    std::vector<std::uint32_t> offsets;  // offsets[k], k = 1..L: level k's start in the level buffer
    std::uint32_t words = 0;             // the level buffer's size, in u32
    struct Dispatch {
        std::uint32_t n_out = 0;   // elements of the first level it builds
        std::uint32_t levels = 0;  // how many it builds
        std::uint32_t from_base = 0, src = 0;
        std::array<std::uint32_t, 8> dst{};  // offsets of the levels it builds
        std::uint32_t workgroups = 0;
    };
    std::vector<Dispatch> dispatches;
    std::uint32_t size_of(int level) const { return 1u << (2 * (top - level)); }
};
PyramidPlan plan_pyramid(int atlas);  // atlas: S, a power of two ≥ 2

// Runs the plan on the CPU as the kernels do; `base` in Morton order (4^L entries). Returns
// the level buffer.
std::vector<std::uint32_t> pyramid_by_plan(const PyramidPlan& plan, const std::vector<std::uint32_t>& base);

}  // namespace hp

// A block-wise exclusive scan of n u32 in a WebGPU storage buffer, in place: each workgroup
// scans a block of 1024 and writes the block's sum; the sums are scanned the same way, level
// by level, down to one block; then each level's scanned sums are added back to the level
// below (the plan: app/core/compute_plan.h). The total ends in total_buffer()[0]. Another
// engine can take this class and shaders/scan_block.wgsl, scan_add.wgsl as they are.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compute_plan.h"
#include "kernel.h"

namespace hp::wgpu {

// shaders/scan_block.wgsl's and scan_add.wgsl's ScanLevel, padded to a uniform's 16 bytes.
struct ScanLevelUniform {
    std::uint32_t n, pad[3];
};
static_assert(sizeof(ScanLevelUniform) == 16, "scan_block.wgsl's ScanLevel, padded");

class BlockScan {
public:
    // `data`: the buffer to scan (STORAGE), n elements. Pipelines are built here.
    bool init(std::uint32_t n, int data, std::string* error);
    // Records the scan's dispatches into the open compute pass.
    void record() const;
    int total_buffer() const { return sums_.back().id(); }
    const ScanPlan& plan() const { return plan_; }

private:
    ScanPlan plan_;
    Pipeline block_pipeline_, add_pipeline_;
    std::vector<Object> sums_;      // level k+1's buffer holds level k's block sums
    std::vector<Object> uniforms_;  // level k's size
    std::vector<Object> block_groups_, add_groups_;
};

}  // namespace hp::wgpu

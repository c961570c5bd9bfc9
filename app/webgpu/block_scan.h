// A block-wise exclusive scan of n u32 in a WebGPU storage buffer, in place: each workgroup
// scans a block of 1024 and writes the block's sum; the sums are scanned the same way, level
// by level, down to one block; then each level's scanned sums are added back to the level
// below (the plan: app/core/compute_plan.h). The total ends in total_buffer()[0]. With a
// ScanLimit only the first elements the GPU says hold data are scanned (the surface's vertex
// counts of the cells a frame compacted). Another engine can take this class and
// shaders/scan_exclusive.wgsl, scan_workgroup.wgsl, scan_level.wgsl, scan_block.wgsl,
// scan_add.wgsl as they are.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compute_plan.h"
#include "kernel.h"
#include "stage.h"

namespace hp::wgpu {

// Where the GPU writes how many of a scan's n elements hold data this frame (a word of a
// buffer, e.g. the frame counter's `written`): blocks past it do nothing but write a zero sum.
struct ScanLimit {
    BufferRef buffer;  // none: all n elements, always
    std::uint32_t word = 0;
};

class BlockScan {
public:
    // `data`: the buffer to scan (STORAGE), n elements, or as many as `limit` says each frame
    // (at most n). Pipelines are built here; false and why when one cannot be made.
    bool init(std::uint32_t n, BufferRef data, std::string* error, ScanLimit limit = {});
    // Records the scan's dispatches into the open compute pass.
    void record() const;
    BufferRef total_buffer() const { return sums_.empty() ? BufferRef() : sums_.back().ref(); }

private:
    ScanPlan plan_;
    Pipeline block_pipeline_, add_pipeline_;
    std::vector<Buffer> sums_;      // level k+1's buffer holds level k's block sums
    std::vector<Buffer> uniforms_;  // level k's size
    Buffer no_limit_;               // a word of all ones, where the scan has no limit
    ScanLimit limit_;
    std::vector<BindGroup> block_groups_, add_groups_;
};

// reduce (webgpu-scan, blocks): the block counts that the fused classify wrote (scan_classify.
// wgsl), scanned in place by a BlockScan into each block's offset, which the scatter adds.
class BlockScanStage : public Stage {
public:
    BlockScanStage(std::uint32_t blocks, std::string* error);
    Pass pass() const override { return Pass::Reduce; }
    void record(const FrameSettings&) const override { scan_.record(); }
    BufferRef block_counts() const { return block_counts_; }
    BufferRef total_buffer() const { return scan_.total_buffer(); }

private:
    Buffer block_counts_;
    BlockScan scan_;
};

}  // namespace hp::wgpu

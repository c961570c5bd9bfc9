#include "block_scan.h"

namespace hp::wgpu {

bool BlockScan::init(std::uint32_t n, BufferRef data, std::string* error, ScanLimit limit) {
    *this = BlockScan();
    plan_ = plan_scan(n);
    if (!limit.buffer) {
        const std::uint32_t all[4] = {0xffffffffu, 0, 0, 0};
        no_limit_ = buffer(sizeof all, kStorage | kCopyDst, "scan without a limit");
        write(no_limit_, 0, all, sizeof all);
        limit = {no_limit_, 0};
    }
    limit_ = limit;
    std::string why;
    block_pipeline_ = pipeline("scan_block.wgsl", &why);
    add_pipeline_ = pipeline("scan_add.wgsl", &why);
    for (std::size_t k = 1; k < plan_.sizes.size(); ++k)
        sums_.push_back(buffer(4.0 * plan_.sizes[k], kStorage | kCopySrc, "scan sums"));
    for (std::size_t k = 0; k + 1 < plan_.sizes.size() && why.empty(); ++k) {
        uniforms_.push_back(uniform_of(ScanLevelUniform{plan_.sizes[k], limit.word, std::uint32_t(10 * k), 0}, "scan level"));
        const BufferRef in = k == 0 ? data : sums_[k - 1].ref();
        const std::vector<Bind> binds = {
            {"level", uniforms_.back()}, {"data", in}, {"sums", sums_[k]}, {"limit", limit.buffer}};
        block_groups_.push_back(group(block_pipeline_, binds, &why));
        add_groups_.push_back(group(add_pipeline_, binds, &why));
    }
    if (why.empty() && (!block_pipeline_ || !add_pipeline_)) why = "the block scan's pipelines were not made";
    if (why.empty()) return true;
    *error = why;
    return false;
}

void BlockScan::record() const {
    const std::size_t levels = block_groups_.size();
    const auto blocks = [&](const BindGroup& group, std::size_t k, const Pipeline& p) {
        int x = 0, y = 0;
        groups_grid(plan_.blocks(k), &x, &y);
        dispatch(p.object(), group, x, y);
    };
    for (std::size_t k = 0; k < levels; ++k) blocks(block_groups_[k], k, block_pipeline_);
    // The top level was one block: its scan is final. Add back from the level below it down.
    for (std::size_t k = levels - 1; k-- > 0;) blocks(add_groups_[k], k, add_pipeline_);
}

BlockScanStage::BlockScanStage(std::uint32_t blocks, std::string* error) {
    block_counts_ = buffer(4.0 * blocks, kStorage | kCopySrc, "block counts");
    std::string why;
    if (!scan_.init(blocks, block_counts_, &why)) add_error(error, why);
}

}  // namespace hp::wgpu

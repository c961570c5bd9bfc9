#include "block_scan.h"

namespace hp::wgpu {

bool BlockScan::init(std::uint32_t n, int data, std::string* error) {
    *this = BlockScan();
    plan_ = plan_scan(n);
    const std::vector<BindingSpec> bindings = {
        {"level", kUniformBinding, sizeof(ScanLevelUniform)}, {"data", kWrite}, {"sums", kWrite}};
    block_pipeline_ = pipeline({"scan_workgroup.wgsl", "scan_block.wgsl"}, bindings);
    add_pipeline_ = pipeline({"scan_add.wgsl"}, {bindings[0], bindings[1], {"sums", kRead}});
    for (std::size_t k = 1; k < plan_.sizes.size(); ++k)
        sums_.push_back(buffer(4.0 * plan_.sizes[k], kStorage | kCopySrc, "scan sums"));
    for (std::size_t k = 0; k + 1 < plan_.sizes.size(); ++k) {
        const ScanLevelUniform size{plan_.sizes[k], {}};
        uniforms_.push_back(buffer(sizeof size, kUniform | kCopyDst, "scan level"));
        hpgpu_write(uniforms_.back().id(), 0, &size, sizeof size);
        const int in = k == 0 ? data : sums_[k - 1].id();
        const std::vector<Bind> binds = {{"level", uniforms_.back().id()}, {"data", in}, {"sums", sums_[k].id()}};
        block_groups_.push_back(group(block_pipeline_, binds));
        add_groups_.push_back(group(add_pipeline_, binds));
        if (!block_groups_.back() || !add_groups_.back()) break;
    }
    if (!block_pipeline_ || !add_pipeline_ || !block_groups_.back() || !add_groups_.back()) {
        if (!take_failure(error)) *error = "the block scan's pipelines were not made";
        return false;
    }
    return true;
}

void BlockScan::record() const {
    const std::size_t levels = block_groups_.size();
    for (std::size_t k = 0; k < levels; ++k)
        hpgpu_dispatch(block_pipeline_.id(), block_groups_[k].id(), int(plan_.blocks(k)), 1);
    // The top level was one block: its scan is final. Add back from the level below it down.
    for (std::size_t k = levels - 1; k-- > 0;)
        hpgpu_dispatch(add_pipeline_.id(), add_groups_[k].id(), int(plan_.blocks(k)), 1);
}

}  // namespace hp::wgpu

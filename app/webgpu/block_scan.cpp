#include "block_scan.h"

#include <vector>

#include "embedded_shaders.h"

namespace hp::wgpu {

std::string wgsl_of(std::initializer_list<const char*> chunks) {
    std::string code;
    for (const char* c : chunks) {
        const char* text = embedded_shader(c);
        code += text ? text : "";
        code += "\n";
    }
    return code;
}

Object pipeline(std::initializer_list<const char*> chunks, std::initializer_list<int> kinds, const char* label) {
    const std::vector<int> k(kinds);
    return Object(hpgpu_pipeline(wgsl_of(chunks).c_str(), label, k.data(), int(k.size())));
}

Object group(const Object& pipeline, std::initializer_list<int> buffers) {
    const std::vector<int> b(buffers);
    return Object(hpgpu_group(pipeline.id(), b.data(), int(b.size())));
}

Object buffer(double bytes, int usage, const char* label) { return Object(hpgpu_buffer(bytes, usage, label)); }

bool BlockScan::init(std::uint32_t n, int data, std::string* /*error*/) {
    plan_ = plan_scan(n);
    block_pipeline_ = pipeline({"scan_workgroup.wgsl", "scan_block.wgsl"}, {kUniformBinding, kReadWrite, kReadWrite},
                               "scan_block.wgsl");
    add_pipeline_ = pipeline({"scan_add.wgsl"}, {kUniformBinding, kReadWrite, kReadOnly}, "scan_add.wgsl");
    sums_.clear();
    uniforms_.clear();
    block_groups_.clear();
    add_groups_.clear();
    for (std::size_t k = 1; k < plan_.sizes.size(); ++k)
        sums_.push_back(buffer(4.0 * plan_.sizes[k], kStorage | kCopySrc, "scan sums"));
    for (std::size_t k = 0; k + 1 < plan_.sizes.size(); ++k) {
        const std::uint32_t size[4] = {plan_.sizes[k], 0, 0, 0};
        uniforms_.push_back(buffer(sizeof size, kUniform | kCopyDst, "scan level"));
        hpgpu_write(uniforms_.back().id(), 0, size, sizeof size);
        const int in = k == 0 ? data : sums_[k - 1].id();
        block_groups_.push_back(group(block_pipeline_, {uniforms_.back().id(), in, sums_[k].id()}));
        add_groups_.push_back(group(add_pipeline_, {uniforms_.back().id(), in, sums_[k].id()}));
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

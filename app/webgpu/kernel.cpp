#include "kernel.h"

#include <algorithm>

#include "embedded_shaders.h"

namespace hp::wgpu {

void add_error(std::string* error, const std::string& message) {
    if (error->empty()) *error = message;
}

bool wgsl_of(const std::vector<const char*>& chunks, std::string* code, std::string* error) {
    code->clear();
    for (const char* c : chunks) {
        const char* text = embedded_shader(c);
        if (!text) {
            add_error(error, std::string("the shader chunk shaders/") + c + " is not embedded in this build");
            return false;
        }
        *code += text;
        *code += "\n";
    }
    return true;
}

int Pipeline::index_of(const std::string& name) const {
    for (std::size_t i = 0; i < bindings_.size(); ++i)
        if (name == bindings_[i].name) return int(i);
    return -1;
}

Pipeline pipeline(const std::vector<const char*>& chunks, std::vector<BindingSpec> bindings, std::string* error) {
    Pipeline p;
    p.label_ = chunks.size() ? *(chunks.end() - 1) : "";
    std::string code, why;
    if (!wgsl_of(chunks, &code, &why) || !check_wgsl_bindings(p.label_, code, bindings, &why)) {
        add_error(error, "WebGPU pipeline " + p.label_ + ": " + why);
        return p;
    }
    std::vector<int> kinds, sizes;
    for (const BindingSpec& b : bindings) {
        kinds.push_back(int(b.kind));
        sizes.push_back(int(b.min_size));
    }
    p.object_ = ComputePipeline::adopt(
        hpgpu_pipeline(code.c_str(), p.label_.c_str(), kinds.data(), sizes.data(), int(kinds.size())));
    p.bindings_ = std::move(bindings);
    return p;
}

BindGroup group(const Pipeline& p, const std::vector<Bind>& binds, std::string* error) {
    if (!p) return BindGroup();  // its failure is already reported
    std::vector<BufferRef> buffers(std::size_t(p.bindings()));
    std::string why;
    for (const Bind& b : binds) {
        const int i = p.index_of(b.name);
        if (i < 0) why = std::string("binds '") + b.name + "', which the pipeline does not have";
        else if (buffers[std::size_t(i)]) why = std::string("binds '") + b.name + "' twice";
        else if (!b.buffer) why = std::string("binds no buffer to '") + b.name + "'";
        else buffers[std::size_t(i)] = b.buffer;
        if (!why.empty()) break;
    }
    for (std::size_t i = 0; why.empty() && i < buffers.size(); ++i)
        if (!buffers[i]) why = std::string("leaves binding ") + std::to_string(i) + " unbound";
    if (!why.empty()) {
        add_error(error, "WebGPU bind group of " + p.label() + ": " + why);
        return BindGroup();
    }
    return bind_group(p.object(), buffers);
}

Kernel kernel(const std::vector<const char*>& chunks, std::vector<BindingSpec> bindings, const std::vector<Bind>& binds,
              std::string* error) {
    Kernel k;
    k.pipeline = pipeline(chunks, std::move(bindings), error);
    k.group = group(k.pipeline, binds, error);
    return k;
}

// Rows of 4096 workgroups (a dimension may hold 65535; 16384² takes 64 rows). The tests narrow
// the rows (set_grid_row, from Module.hpGpu.gridRow) so that a 512² atlas runs on many rows
// with a partial last one, the 2D grids that 16384² needs, at a cost SwiftShader can pay.
namespace {
std::uint64_t g_row = 4096;
}
void set_grid_row(std::uint64_t groups) { g_row = groups > 0 && groups < 4096 ? groups : 4096; }

void groups_grid(std::uint64_t groups, int* x, int* y) {
    *x = int(std::min<std::uint64_t>(groups, g_row));
    *y = int((groups + g_row - 1) / g_row);
}

void grid(std::uint64_t n, int* x, int* y) { groups_grid((n + 255) / 256, x, y); }

}  // namespace hp::wgpu

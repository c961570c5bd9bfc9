#include "kernel.h"

#include <algorithm>

#include "embedded_shaders.h"
#include "webgpu_uniforms.h"

namespace hp::wgpu {

void add_error(std::string* error, const std::string& message) {
    if (error->empty()) *error = message;
}

namespace {

// The C++ twin of each WGSL uniform struct a kernel binds, by the struct's name: its size is
// the binding's minBindingSize.
struct UniformTwin {
    const char* wgsl_struct;
    std::uint32_t bytes;
};
constexpr UniformTwin kUniformTwins[] = {
    {"Volume", sizeof(VolumeUniform)},        {"Reduce", sizeof(ReduceUniform)},
    {"Pyramid", sizeof(TraverseUniform)},     {"TotalAt", sizeof(TotalAtUniform)},
    {"ScanLevel", sizeof(ScanLevelUniform)},  {"ScanParams", sizeof(ScanParamsUniform)},
    {"Bricks", sizeof(BrickUniform)},
};

// The modules made, by label, for wgsl_lines (the chunks' places, not the code).
std::vector<std::pair<std::string, WgslModule>>& made() {
    static std::vector<std::pair<std::string, WgslModule>> m;
    return m;
}

}  // namespace

bool wgsl_of(const char* file, const WgslChoices& choices, WgslModule* module, std::string* error) {
    std::string why;
    if (resolve_wgsl(file, [](const std::string& name) { return embedded_shader(name); }, choices, module, &why))
        return true;
    add_error(error, why);
    return false;
}

std::string wgsl_lines(const std::string& error) {
    for (const auto& [label, module] : made())
        if (error.find("pipeline " + label + ":") != std::string::npos) return module.name_lines(error);
    return error;
}

Pipeline pipeline(const char* file, std::string* error, const WgslChoices& choices) {
    Pipeline p;
    p.label_ = file;
    for (const auto& [slot, chunk] : choices) p.label_ += (&slot == &choices[0].first ? " {" : ", ") + chunk;
    if (!choices.empty()) p.label_ += "}";
    WgslModule module;
    std::string why;
    if (wgsl_of(file, choices, &module, &why)) wgsl_layout(p.label_, module.code, &p.layout_, &why);
    std::vector<int> kinds, sizes;
    for (const WgslBinding& b : p.layout_) {
        kinds.push_back(int(b.kind));
        std::uint32_t bytes = 0;
        for (const UniformTwin& t : kUniformTwins)
            if (b.type == t.wgsl_struct) bytes = t.bytes;
        if (b.kind == BindingKind::Uniform && !bytes && why.empty())
            why = "the uniform " + b.name + ": " + b.type + " has no C++ twin (kernel.cpp's kUniformTwins)";
        sizes.push_back(int(bytes));
    }
    if (!why.empty()) {
        add_error(error, "WebGPU pipeline " + p.label_ + ": " + why);
        p.layout_.clear();
        return p;
    }
    p.object_ = ComputePipeline::adopt(
        hpgpu_pipeline(module.code.c_str(), p.label_.c_str(), kinds.data(), sizes.data(), int(kinds.size())));
    module.code.clear();
    auto& m = made();
    m.erase(std::remove_if(m.begin(), m.end(), [&](const auto& e) { return e.first == p.label_; }), m.end());
    m.emplace_back(p.label_, std::move(module));
    return p;
}

BindGroup group(const Pipeline& p, const std::vector<Bind>& binds, std::string* error) {
    if (!p) return BindGroup();  // its failure is already reported
    std::vector<std::string> names;
    for (const Bind& b : binds) names.push_back(b.name);
    std::vector<int> slots;
    std::string why;
    if (wgsl_bind_slots(p.label(), p.layout(), names, &slots, &why))
        for (const Bind& b : binds)
            if (!b.buffer && why.empty()) why = p.label() + ": binds no buffer to '" + b.name + "'";
    if (!why.empty()) {
        add_error(error, "WebGPU bind group of " + why);
        return BindGroup();
    }
    std::vector<BufferRef> buffers(std::size_t(p.bindings()));
    for (std::size_t k = 0; k < binds.size(); ++k) buffers[std::size_t(slots[k])] = binds[k].buffer;
    BindGroup g = bind_group(p.object(), buffers);
    // Refused: a buffer bound was released (the library names which in the device's errors).
    if (!g) add_error(error, "WebGPU bind group of " + p.label() + ": refused, a buffer bound was released");
    return g;
}

Kernel kernel(const char* file, const std::vector<Bind>& binds, std::string* error, const WgslChoices& choices) {
    Kernel k;
    k.pipeline = pipeline(file, error, choices);
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

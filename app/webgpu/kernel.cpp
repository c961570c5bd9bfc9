#include "kernel.h"

#include <algorithm>
#include <deque>

#include "embedded_shaders.h"

namespace hp::wgpu {

namespace {
std::deque<std::string>& failures() {
    static std::deque<std::string> queue;
    return queue;
}
}  // namespace

void fail(const std::string& message) {
    if (failures().size() < 64) failures().push_back(message);
}

bool take_failure(std::string* message) {
    if (failures().empty()) return false;
    *message = failures().front();
    failures().pop_front();
    return true;
}

bool wgsl_of(const std::vector<const char*>& chunks, std::string* code, std::string* error) {
    code->clear();
    for (const char* c : chunks) {
        const char* text = embedded_shader(c);
        if (!text) {
            *error = std::string("the shader chunk shaders/") + c + " is not embedded in this build";
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

Pipeline pipeline(const std::vector<const char*>& chunks, std::vector<BindingSpec> bindings) {
    Pipeline p;
    p.label_ = chunks.size() ? *(chunks.end() - 1) : "";
    std::string code, error;
    if (!wgsl_of(chunks, &code, &error) || !check_wgsl_bindings(p.label_, code, bindings, &error)) {
        fail("WebGPU pipeline " + p.label_ + ": " + error);
        return p;
    }
    std::vector<int> kinds, sizes;
    for (const BindingSpec& b : bindings) {
        kinds.push_back(int(b.kind));
        sizes.push_back(int(b.min_size));
    }
    p.object_ = Object(hpgpu_pipeline(code.c_str(), p.label_.c_str(), kinds.data(), sizes.data(), int(kinds.size())));
    p.bindings_ = std::move(bindings);
    return p;
}

Object group(const Pipeline& p, const std::vector<Bind>& binds) {
    if (!p) return Object();  // its failure is already reported
    std::vector<int> ids(std::size_t(p.bindings()), 0);
    std::string error;
    for (const Bind& b : binds) {
        const int i = p.index_of(b.name);
        if (i < 0) error = std::string("binds '") + b.name + "', which the pipeline does not have";
        else if (ids[std::size_t(i)]) error = std::string("binds '") + b.name + "' twice";
        else if (b.buffer == 0) error = std::string("binds no buffer to '") + b.name + "'";
        else ids[std::size_t(i)] = b.buffer;
        if (!error.empty()) break;
    }
    for (std::size_t i = 0; error.empty() && i < ids.size(); ++i)
        if (!ids[i]) error = std::string("leaves binding ") + std::to_string(i) + " unbound";
    if (!error.empty()) {
        fail("WebGPU bind group of " + p.label() + ": " + error);
        return Object();
    }
    return Object(hpgpu_group(p.id(), ids.data(), int(ids.size())));
}

Object buffer(double bytes, int usage, const char* label) { return Object(hpgpu_buffer(bytes, usage, label)); }

void grid(std::uint64_t n, int* x, int* y) {
    const std::uint64_t groups = (n + 255) / 256;
    *x = int(std::min<std::uint64_t>(groups, 32768));
    *y = int((groups + 32767) / 32768);
}

}  // namespace hp::wgpu

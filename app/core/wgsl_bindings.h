// Named WebGPU bindings, checked against the WGSL that declares them (no GPU here, so the
// check is unit-tested natively). A pipeline lists its bindings in order, binding i first as
// {name, kind, smallest size}; the WGSL source must declare `@binding(i) var<...> name` with
// that address space and access at every index, and nothing else. A mismatch is an error that
// names the shader, the binding and what was expected, before WebGPU sees the pipeline.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hp {

enum class BindingKind { Uniform, ReadOnly, ReadWrite };
const char* name_of(BindingKind k);

struct BindingSpec {
    const char* name = "";
    BindingKind kind = BindingKind::ReadOnly;
    std::uint32_t min_size = 0;  // bytes: the layout's minBindingSize (0: not checked)
};

// One `@group(0) @binding(i) var<space[, access]> name` of a WGSL source.
struct WgslBinding {
    int group = 0;
    int index = 0;
    std::string name;
    BindingKind kind = BindingKind::ReadOnly;
};

// The resource bindings a WGSL source declares (uniform and storage buffers), in source order.
// Comments are skipped; a declaration it cannot read is reported in *error.
std::vector<WgslBinding> parse_wgsl_bindings(const std::string& wgsl, std::string* error);

// True when `wgsl` declares exactly `specs` (binding i = specs[i], group 0); otherwise false
// and a message naming `shader`, the binding and what was expected.
bool check_wgsl_bindings(const std::string& shader, const std::string& wgsl, const std::vector<BindingSpec>& specs,
                         std::string* error);

}  // namespace hp

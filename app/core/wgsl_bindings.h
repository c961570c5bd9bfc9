// WebGPU kernels as WGSL files, read natively (no GPU here, so all of it is unit-tested).
// A kernel is one top-level file of shaders/ that names the chunks it needs in its header, by
// name, one a line, before its code:
//   //!include volume.wgsl        a chunk of shaders/, included once per module however often named
//   //!include {scan_io}          the chunk the C++ chooses for `scan_io` (a variant, by name)
// resolve_wgsl puts the chunks (recursively, each once) before the file that includes them, each
// after a `// #line 1 "name"` marker, and moves `enable` directives to the module's top. The
// kernel's bindings are read from the module (`@group(0) @binding(i) var<space[, access]> name:
// Type`, i = 0..n-1): the C++ binds them by name and never lists them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace hp {

enum class BindingKind { Uniform, ReadOnly, ReadWrite };
const char* name_of(BindingKind k);

// A binding a layout fixed elsewhere expects (check_wgsl_bindings).
struct BindingSpec {
    const char* name = "";
    BindingKind kind = BindingKind::ReadOnly;
};

// One `@group(g) @binding(i) var<...> name: Type` of a WGSL source.
struct WgslBinding {
    int group = 0;
    int index = 0;
    std::string name;
    BindingKind kind = BindingKind::ReadOnly;
    std::string type;  // what follows the name's colon, e.g. `Volume`, `array<u32>`
};

// The resource bindings a WGSL source declares (uniform and storage buffers), in source order.
// Comments are skipped; a declaration it cannot read is reported in *error.
std::vector<WgslBinding> parse_wgsl_bindings(const std::string& wgsl, std::string* error);

// The module's layout: its bindings by index, binding i at [i], all of group 0, each index and
// each name once, none missing below the highest. Otherwise false and a message naming `shader`.
bool wgsl_layout(const std::string& shader, const std::string& wgsl, std::vector<WgslBinding>* layout,
                 std::string* error);

// True when `wgsl` declares exactly `specs` (binding i = specs[i], group 0); otherwise false
// and a message naming `shader`, the binding and what was expected. For a layout fixed
// elsewhere (the 3D view's render pipeline: hpgpu_surface_pipeline).
bool check_wgsl_bindings(const std::string& shader, const std::string& wgsl, const std::vector<BindingSpec>& specs,
                         std::string* error);

// For each of `names` (what a bind group binds, in its order), the binding index it has in
// `layout`. False and a message naming `shader` when a name is not in the layout, is bound
// twice, or a binding of the layout is left unbound.
bool wgsl_bind_slots(const std::string& shader, const std::vector<WgslBinding>& layout,
                     const std::vector<std::string>& names, std::vector<int>* slots, std::string* error);

// A kernel's module: the text WebGPU compiles, and where each piece of it came from.
struct WgslModule {
    struct Chunk {
        std::string name;    // the file of shaders/
        int first_line = 0;  // its line 1 is this line of `code` (1-based)
        int lines = 0;
    };
    std::string code;
    std::vector<Chunk> chunks;  // in the module's order: the kernel's own file last
    // "name:line" of the chunk that holds line `line` of `code`; "" for the module's own lines.
    std::string where(int line) const;
    // `message` (a compiler's) with each ":line:column" of `code` named by its chunk, e.g.
    // ":118:5 error" → "cells.wgsl:12:5 error".
    std::string name_lines(const std::string& message) const;
};

// shaders/<name>'s text, nullptr when there is none (embedded_shader in the app).
using WgslLookup = std::function<const char*(const std::string&)>;
// The chunk chosen for each `{slot}`: {"scan_io", "scan_io_mesh.wgsl"}.
using WgslChoices = std::vector<std::pair<std::string, std::string>>;

// The module of kernel `file`, its includes resolved. False and a message naming the
// including file and line when a chunk is missing, a slot has no choice (or a choice no
// slot), an include comes after the code or includes go round in a circle.
bool resolve_wgsl(const std::string& file, const WgslLookup& lookup, const WgslChoices& choices, WgslModule* module,
                  std::string* error);

}  // namespace hp

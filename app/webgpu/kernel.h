// Compute kernels, each one top-level file of shaders/ (entry point `main`) that includes the
// chunks it needs by name and declares its bindings (app/core/wgsl_bindings.h says how):
//   Kernel k = kernel("mesh_count.wgsl", {{"u", f.volume}, {"atlas", f.atlas}, {"mc", tables},
//                                         {"counts", counts}}, &error);
// The layout is read from the WGSL: kinds from the declarations, and each uniform's
// minBindingSize from its struct's C++ twin (webgpu_uniforms.h; kernel.cpp's kUniformTwins
// finds it by the WGSL struct's name), so WebGPU checks every bound buffer. A variant is a
// chunk chosen by name:
//   pipeline("rts_reduce.wgsl", &error, {{"scan_io", "scan_io_mesh.wgsl"}, {"scan_sum", "scan_sum.wgsl"}})
// A bind group names what it binds: group(p, {{"atlas", atlas}, ...}, &error). A missing chunk,
// a binding the kernel lacks, one left unbound or bound twice: each is an error with a
// message, returned to the caller that asked (the first one of a build is kept: the later
// ones follow from it), never an empty shader or a zero id used in silence. Errors that
// WebGPU finds later (shader compilation, validation) arrive asynchronously
// (WebGpuCompaction::take_error), their module lines named by chunk (wgsl_lines).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpu_device.h"
#include "wgsl_bindings.h"

namespace hp::wgpu {

// Keeps the first error of a build in *error (the later ones are its consequences).
void add_error(std::string* error, const std::string& message);

// The module of kernel `file` from the embedded chunks (shaders/*.wgsl), its includes
// resolved with `choices`; false and an error naming the including file when one is missing.
bool wgsl_of(const char* file, const WgslChoices& choices, WgslModule* module, std::string* error);
// `error` (a device error) with the lines of the modules made so far named by chunk and line.
std::string wgsl_lines(const std::string& error);

class Pipeline {
public:
    const ComputePipeline& object() const { return object_; }
    explicit operator bool() const { return bool(object_); }
    const std::string& label() const { return label_; }
    int bindings() const { return int(layout_.size()); }
    const std::vector<WgslBinding>& layout() const { return layout_; }

private:
    friend Pipeline pipeline(const char*, std::string*, const WgslChoices&);
    ComputePipeline object_;
    std::vector<WgslBinding> layout_;
    std::string label_;
};

// The compute pipeline of kernel `file` (entry point `main`), labelled by the file and its
// choices. On an error: an empty Pipeline, and the message in *error.
Pipeline pipeline(const char* file, std::string* error, const WgslChoices& choices = {});

struct Bind {
    const char* name;
    BufferRef buffer;
};
// A bind group binding every one of the kernel's bindings by name; an empty one and a
// message in *error when a binding is left unbound, a name is unknown or bound twice, a
// buffer is none, or the library refuses a buffer's id as released (an empty pipeline: empty,
// its own error is already said).
BindGroup group(const Pipeline& p, const std::vector<Bind>& binds, std::string* error);

// A pipeline and its bind group: one dispatch of a stage, and the uniform buffer only it
// binds, if any (a count's index, a traversal's levels).
struct Kernel {
    Pipeline pipeline;
    BindGroup group;
    Buffer uniform;
    explicit operator bool() const { return bool(pipeline) && bool(group); }
    void dispatch(int x, int y = 1) const { wgpu::dispatch(pipeline.object(), group, x, y); }
    void dispatch_indirect(BufferRef args, int offset) const {
        wgpu::dispatch_indirect(pipeline.object(), group, args, offset);
    }
};
Kernel kernel(const char* file, const std::vector<Bind>& binds, std::string* error, const WgslChoices& choices = {});

// A uniform buffer holding `value` (written once).
template <typename T>
Buffer uniform_of(const T& value, const char* label) {
    Buffer b = buffer(sizeof value, kUniform | kCopyDst, label);
    write(b, 0, &value, sizeof value);
    return b;
}

// Workgroups for n invocations of 256 as a grid (a dimension holds at most 65535).
void grid(std::uint64_t n, int* x, int* y);
// `groups` workgroups as x × y (groups.wgsl's group_index; the last row may run past them).
void groups_grid(std::uint64_t groups, int* x, int* y);
// The grid's rows: 4096 workgroups, or fewer for the tests (0: 4096); read when stages are made.
void set_grid_row(std::uint64_t groups);

}  // namespace hp::wgpu

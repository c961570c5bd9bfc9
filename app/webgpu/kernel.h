// Compute kernels with named bindings. A pipeline is made from shader chunks and its bindings
// in order, each named as the WGSL names it:
//   pipeline({"volume.wgsl", "cells.wgsl", "mc_tables.wgsl", "mesh_count.wgsl"},
//            {{"u", BindingKind::Uniform, sizeof(VolumeUniform)}, {"atlas", kRead}, {"mc", kRead},
//             {"counts", kWrite}}, &error)
// and checked against the WGSL text before WebGPU sees it (app/core/wgsl_bindings.h); uniform
// sizes become the layout's minBindingSize, so WebGPU checks every bound buffer. A bind group
// names what it binds: group(p, {{"atlas", atlas}, ...}, &error). A missing chunk, a binding
// that does not match, a name the pipeline lacks: each is an error with a message, returned to
// the caller that asked (the first one of a build is kept: the later ones follow from it),
// never an empty shader or a zero id used in silence. Errors that WebGPU finds later (shader
// compilation, validation) arrive asynchronously: WebGpuCompaction::take_device_error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpu_device.h"
#include "wgsl_bindings.h"

namespace hp::wgpu {

constexpr BindingKind kUniformBinding = BindingKind::Uniform, kRead = BindingKind::ReadOnly,
                      kWrite = BindingKind::ReadWrite;

// Keeps the first error of a build in *error (the later ones are its consequences).
void add_error(std::string* error, const std::string& message);

// Shader source from the embedded chunks, in order (shaders/*.wgsl); false and an error naming
// the chunk when one is missing.
bool wgsl_of(const std::vector<const char*>& chunks, std::string* code, std::string* error);

class Pipeline {
public:
    const ComputePipeline& object() const { return object_; }
    explicit operator bool() const { return bool(object_); }
    const std::string& label() const { return label_; }
    // Binding index of `name`, -1 if the pipeline has none.
    int index_of(const std::string& name) const;
    int bindings() const { return int(bindings_.size()); }

private:
    friend Pipeline pipeline(const std::vector<const char*>&, std::vector<BindingSpec>, std::string*);
    ComputePipeline object_;
    std::vector<BindingSpec> bindings_;
    std::string label_;
};

// A compute pipeline (entry point `main`), labelled by its last chunk. On an error: an empty
// Pipeline, and the message in *error.
Pipeline pipeline(const std::vector<const char*>& chunks, std::vector<BindingSpec> bindings, std::string* error);

struct Bind {
    const char* name;
    BufferRef buffer;
};
// A bind group binding every one of the pipeline's bindings by name; an empty one and a
// message in *error when a name is missing, unknown or bound twice, or a buffer is none (an
// empty pipeline: empty, its own error is already said).
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
Kernel kernel(const std::vector<const char*>& chunks, std::vector<BindingSpec> bindings, const std::vector<Bind>& binds,
              std::string* error);

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

// Compute kernels with named bindings, and the backend's one error path. A pipeline is made
// from shader chunks and its bindings in order, each named as the WGSL names it:
//   pipeline({"volume.wgsl", "cells.wgsl", "classify.wgsl"},
//            {{"u", BindingKind::Uniform, sizeof(VolumeUniform)}, {"atlas", kRead}, {"base", kWrite}})
// and checked against the WGSL text before WebGPU sees it (app/core/wgsl_bindings.h); uniform
// sizes become the layout's minBindingSize, so WebGPU checks every bound buffer. A bind group
// names what it binds: group(p, {{"atlas", atlas.id()}, ...}). A missing chunk, a binding that
// does not match, a name the pipeline lacks: each is an error with a message (fail()), which
// reaches the page through WebGpuCompaction::take_error, never an empty shader or a zero id
// used in silence.
#pragma once

#include <string>
#include <vector>

#include "frame.h"
#include "gpu_device.h"
#include "wgsl_bindings.h"

namespace hp::wgpu {

constexpr BindingKind kUniformBinding = BindingKind::Uniform, kRead = BindingKind::ReadOnly,
                      kWrite = BindingKind::ReadWrite;

// Reports an error: kept until taken (take_failure), oldest first.
void fail(const std::string& message);
bool take_failure(std::string* message);

// Shader source from the embedded chunks, in order (shaders/*.wgsl); false and an error naming
// the chunk when one is missing.
bool wgsl_of(const std::vector<const char*>& chunks, std::string* code, std::string* error);

class Pipeline {
public:
    int id() const { return object_.id(); }
    explicit operator bool() const { return bool(object_); }
    const std::string& label() const { return label_; }
    // Binding index of `name`, -1 if the pipeline has none.
    int index_of(const std::string& name) const;
    int bindings() const { return int(bindings_.size()); }

private:
    friend Pipeline pipeline(const std::vector<const char*>&, std::vector<BindingSpec>);
    Object object_;
    std::vector<BindingSpec> bindings_;
    std::string label_;
};

// A compute pipeline (entry point `main`), labelled by its last chunk. On an error: an empty
// Pipeline, and the message through fail().
Pipeline pipeline(const std::vector<const char*>& chunks, std::vector<BindingSpec> bindings);

struct Bind {
    const char* name;
    int buffer;
};
// A bind group binding every one of the pipeline's bindings by name; an empty Object and a
// message through fail() when a name is missing, unknown or bound twice, or a buffer is 0.
Object group(const Pipeline& p, const std::vector<Bind>& binds);
Object buffer(double bytes, int usage, const char* label);

// A pipeline and its bind group: one dispatch of a stage.
struct Kernel {
    Pipeline pipeline;
    Object group;
    explicit operator bool() const { return bool(pipeline) && bool(group); }
    void dispatch(int x, int y = 1) const { hpgpu_dispatch(pipeline.id(), group.id(), x, y); }
    void dispatch_indirect(int args, int offset) const {
        hpgpu_dispatch_indirect(pipeline.id(), group.id(), args, offset);
    }
};

// Workgroups for n invocations of 256 as a grid (a dimension holds at most 65535).
void grid(std::uint64_t n, int* x, int* y);

}  // namespace hp::wgpu

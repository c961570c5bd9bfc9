// One step of a WebGPU frame (source, classify, scan or reduce, count, scatter or traverse,
// the stream's tail, the mesh stages): a small object that owns its kernels and records its
// dispatches into the open compute pass. A frame is an ordered list of them, built once per
// mode (WebGpuCompaction::record_frame loops over it), so a new variant is a new stage, not a
// new branch in the frame.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "frame.h"
#include "kernel.h"

namespace hp::wgpu {

class Stage {
public:
    virtual ~Stage() = default;
    // The timed pass it belongs to (consecutive stages of one pass share a compute pass).
    virtual Pass pass() const = 0;
    virtual void record(const FrameSettings& s) const = 0;
};

using Stages = std::vector<std::unique_ptr<Stage>>;

// A stage of one kernel dispatched on a fixed grid: most stages are this.
class DispatchStage : public Stage {
public:
    DispatchStage(Pass pass, Kernel kernel, int x, int y = 1) : pass_(pass), kernel_(std::move(kernel)), x_(x), y_(y) {}
    Pass pass() const override { return pass_; }
    void record(const FrameSettings&) const override { kernel_.dispatch(x_, y_); }

private:
    Pass pass_;
    Kernel kernel_;
    int x_, y_;
};

// A stage of one kernel dispatched indirectly: the GPU wrote its workgroup counts (the counter).
class IndirectStage : public Stage {
public:
    IndirectStage(Pass pass, Kernel kernel, int args, int offset)
        : pass_(pass), kernel_(std::move(kernel)), args_(args), offset_(offset) {}
    Pass pass() const override { return pass_; }
    void record(const FrameSettings&) const override { kernel_.dispatch_indirect(args_, offset_); }

private:
    Pass pass_;
    Kernel kernel_;
    int args_, offset_;
};

}  // namespace hp::wgpu

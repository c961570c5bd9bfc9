// One step of a WebGPU frame (source, classify, scan or reduce, count, scatter or traverse,
// the stream's tail, the mesh stages): a small object that owns its kernels and records its
// dispatches into the open compute pass. A frame is an ordered list of them, built once per
// mode and scan (webgpu_stages.cpp: the one-screen index of a frame; WebGpuCompaction::
// record_frame loops over it), so a new variant is a new stage, not a new branch in the frame.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "atlas_layout.h"
#include "frame.h"
#include "kernel.h"
#include "webgpu_uniforms.h"

namespace hp::wgpu {

class Stage {
public:
    virtual ~Stage() = default;
    // The timed pass it belongs to (consecutive stages of one pass share a compute pass).
    virtual Pass pass() const = 0;
    virtual void record(const FrameSettings& s) const = 0;
};

using Stages = std::vector<std::unique_ptr<Stage>>;

// The buffers of the frame that the stages bind (WebGpuCompaction owns them).
struct FrameBuffers {
    AtlasLayout layout;
    BufferRef volume;   // the Volume uniform (volume.wgsl), written each frame
    BufferRef atlas;    // S² f32: the volume's slices (atlas_layout.h)
    BufferRef counter;  // compaction_counter.h
    BufferRef stream;   // `keys` vec4<f32>: the compacted keys, [x, y, z, w]
    std::uint32_t keys = 0;      // the stream's capacity (Volume.keys)
    std::uint32_t vertices = 0;  // the surface's capacity in vertices (Volume.vertices)
};

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

// A stage of one kernel dispatched indirectly: the GPU wrote its workgroup counts into the
// counter, at byte `offset` (compaction_counter.h).
class IndirectStage : public Stage {
public:
    IndirectStage(Pass pass, Kernel kernel, BufferRef counter, int offset)
        : pass_(pass), kernel_(std::move(kernel)), args_(counter), offset_(offset) {}
    Pass pass() const override { return pass_; }
    void record(const FrameSettings&) const override { kernel_.dispatch_indirect(args_, offset_); }

private:
    Pass pass_;
    Kernel kernel_;
    BufferRef args_;
    int offset_;
};

}  // namespace hp::wgpu

// The WebGPU backend's surface in bricks (Backend::set_bricked; app/webgpu/bricked_mesh.h):
// the pool made for a load's key and the budget, the surface made again where the iso changed
// or its buffers grew, its vertex total collected without waiting. A frame that completes while
// the total is on its way is held back until it arrives (hold/release), so that a frame's
// result and hp.mesh() always name the surface of its own iso.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>

#include "backend.h"
#include "bricked_mesh.h"
#include "compute_surface_view.h"
#include "webgpu_read.h"

namespace hp {

class WebGpuBricked {
public:
    bool set(const BrickedAsk* ask, BrickFigures* figures, std::string* why);
    void poll();  // collects the total; a surface that outgrew its buffers is made again
    // The GPU had no memory for a buffer (`what`: hpgpu_out_of_memory's sentence): where it was
    // the bricks', they are made again smaller at the next set() (the pool at half its budget,
    // so in more rounds; the vertex buffers at half their size, the surface then truncated) and
    // *message says so; false where it was not theirs.
    bool out_of_memory(const std::string& what, std::string* message);
    bool shown() const { return on_ && made_; }
    bool pending() const { return mesh_.pending(); }
    // A frame completing now would name a surface not yet made: the total is on its way, or
    // the buffers grew and the surface is made again at the next set().
    bool waiting() const { return shown() && (pending() || again_); }
    int view_factor() const { return view_factor_; }
    bool figures(BrickFigures* out) const { return shown() && (*out = figures_, true); }
    // Issuing a frame: whether it asked for the surface (a frame completes in the order issued;
    // only one that asked for it is given the bricks' surface).
    void issued(const FrameSettings& s) { asked_.push_back(s.mesh && shown()); }
    // The surface's part of the oldest issued frame's result, now complete (mesh ready, its
    // vertex total, where it asked for the surface).
    void fill(FrameResult* r);
    // A completed frame kept until the total arrives; the newest one held once it has.
    void hold(const FrameResult& r) {
        if (held_ && !asked_.empty()) asked_.pop_front();  // the older frame held is passed over
        held_ = r;
    }
    bool release(FrameResult* r);
    wgpu::SurfaceBuffers buffers() const { return {mesh_.positions(), mesh_.normals(), mesh_.state(), {}}; }
    std::uint32_t capacity() const { return mesh_.capacity(); }
    // Reads the first `vertices` of the surface into `t`, within the frame encoded now.
    void read(std::uint32_t vertices, WebGpuRead* t) const;

private:
    wgpu::BrickedMesh mesh_;
    std::uint64_t key_ = 0;
    std::uint32_t slots_ = 0;
    float iso_ = 0;
    std::optional<BrickCrop> crop_;  // the box the surface made was cropped to
    bool on_ = false, made_ = false, again_ = false;
    int view_factor_ = 1;
    BrickFigures figures_;
    std::string failed_;  // why the pool for this key and size could not be made
    double budget_ = 0;              // the budget last asked (bytes)
    double budget_scale_ = 1;        // of the budget asked: halved by each pool the GPU had no memory for
    std::uint32_t most_vertices_ = 0;  // 0, or the vertex buffers' largest size the GPU held
    std::uint64_t scaled_key_ = 0;     // the load and budget the two above are for
    double scaled_budget_ = 0;
    std::optional<FrameResult> held_;
    std::deque<bool> asked_;  // the frames issued and not yet complete: each asked for the surface
};

}  // namespace hp

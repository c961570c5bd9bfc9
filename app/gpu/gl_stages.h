// The WebGL2 frame as an ordered list of stages: source → classify → reduce → count →
// traverse, then the surface's vertex counts → their pyramid and total → extraction. Each
// stage is one small class and one timed pass, and owns the pass it runs (its programs):
// VolumeCompaction builds, abandons and runs the list in order, after writing the frame's
// `Volume` block once (VolumeStages::use). A new stage is a class in gl_stages.cpp and one
// line in gl_stage_list().
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compactor.h"
#include "frame.h"
#include "surface_mesh.h"
#include "volume_stages.h"

namespace hp {

// What the stages share: the objects they run on, and what one stage leaves for a later one.
struct GlFrame {
    VolumeStages volume;
    std::unique_ptr<Compactor> compactor;
    SurfaceMesh mesh;
    AsyncLimit cell_limit, vertex_limit;
    // Async readback: the newest count and vertex total that had arrived when the frame began.
    bool cell_known = false, vertices_known = false;
    std::uint32_t cell_newest = 0, cell_age = 0, vertices_newest = 0, vertices_age = 0;
};

class GlStage {
public:
    virtual ~GlStage() = default;
    virtual Pass pass() const = 0;
    // Builds the stage's passes (once the frame's shared objects are made); abandon() forgets
    // their GL objects after a lost context.
    virtual bool init(GlFrame&, std::string*) { return true; }
    virtual void abandon() {}
    // Whether the stage runs in a frame with these settings (the surface's only when asked).
    virtual bool wanted(const FrameSettings&) const { return true; }
    // Before any stage's work is issued: collect what has arrived from earlier frames.
    virtual void begin(GlFrame&, const FrameSettings&) {}
    virtual void run(GlFrame& f, const FrameSettings& s, FrameResult* r) = 0;
};

// The stages of a frame, in order.
std::vector<std::unique_ptr<GlStage>> gl_stage_list();

}  // namespace hp

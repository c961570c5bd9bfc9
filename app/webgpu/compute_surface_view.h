// The 3D view in the WebGPU modes. The GL canvas cannot read WebGPU buffers, so the mesh is
// drawn on a second canvas of the page (#gpu-surface), under the GL canvas at the view's
// panel, where the GL canvas is left transparent. A render pipeline reads the extraction's
// positions and normals by vertex_index (no copy) and draws indirectly: the vertex count is
// the one the GPU wrote into the frame's counter. Shading as surface.frag (shaders/surface.wgsl).
#pragma once

#include <cstdint>

#include "demo_state.h"
#include "gpu_device.h"
#include "orbit_camera.h"

namespace hp::wgpu {

struct CssRect { double x, y, w, h; };  // CSS pixels, origin at the top left

class ComputeSurfaceView {
public:
    // Draws the mesh in `positions`/`normals` (0: none yet, the view is only cleared), its
    // draw arguments at byte `args_offset` of `counter`, at `r` with pw × ph pixels.
    void draw(CssRect r, int pw, int ph, int positions, int normals, int counter, int args_offset, int volume,
              const OrbitCamera& camera, SurfaceColour colour);
    // Hides the canvas (the view is not shown or the mode is not WebGPU); cheap when hidden.
    void hide();
    // The buffers drawn from were re-created (ids are reused): bind them again at the next draw.
    void rebind();
    // Drops the pipeline and buffers (the device they belong to is gone).
    void reset();

private:
    Object pipeline_, uniform_, group_;
    int bound_[3] = {0, 0, 0};  // the buffers group_ binds
    bool shown_ = false;
    bool failed_ = false;  // the pipeline could not be made (said once through fail())
};

}  // namespace hp::wgpu

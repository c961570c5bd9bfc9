// What the 3D view draws, whichever backend draws it (app/gpu/surface_view.h in WebGL2,
// app/webgpu/compute_surface_view.h in WebGPU): how many vertex keys, in which volume, seen
// by which camera, colored how.
#pragma once

#include <cstdint>

#include "demo_state.h"
#include "orbit_camera.h"

namespace hp {

struct SurfaceScene {
    std::uint32_t vertices = 0;  // keys to draw (those past the written ones collapse to nothing)
    int volume = 0;              // N: the camera frames an N³ volume
    const OrbitCamera* camera = nullptr;
    SurfaceColor color = SurfaceColor::Normal;
};

}  // namespace hp

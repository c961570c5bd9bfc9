// What the 3D view draws, whichever backend draws it (app/gpu/views/surface_view.h in WebGL2,
// app/webgpu/compute_surface_view.h in WebGPU): how many vertex keys, in which volume, seen
// by which camera, colored how. The mesh is in voxel units; `scale` stretches it to the
// voxels' physical proportions (a scan's spacing over its smallest).
#pragma once

#include <array>
#include <cstdint>

#include "demo_state.h"
#include "orbit_camera.h"

namespace hp {

struct SurfaceScene {
    std::uint32_t vertices = 0;  // keys to draw (those past the written ones collapse to nothing)
    std::array<float, 3> dims{};          // X, Y, Z voxels
    std::array<float, 3> scale{1, 1, 1};  // voxel units → the view's units, along each axis
    const OrbitCamera* camera = nullptr;
    SurfaceColor color = SurfaceColor::Normal;

    // The box the camera frames: the volume in the view's units.
    std::array<float, 3> box() const { return {dims[0] * scale[0], dims[1] * scale[1], dims[2] * scale[2]}; }
};

}  // namespace hp

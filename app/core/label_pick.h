// The label under a point of the 3D view (classify=labels): the first voxel that the ray from
// the eye through the point meets and that holds a shown label (a voxel is the cube of side 1
// around its centre, in voxel units; the view stretches them by `scale`). Plain math over a
// label lookup; the app names what it finds.
#pragma once

#include <array>
#include <functional>

#include "orbit_camera.h"

namespace hp {

struct LabelHit {
    bool hit = false;
    float label = 0;
    std::array<int, 3> voxel{};
};

// `label(x, y, z)`: the voxel's label; `shown(l)`: whether label l is drawn (0 never is).
LabelHit pick_label(const OrbitCamera& camera, const std::array<int, 3>& dims, const std::array<float, 3>& scale,
                    float aspect, float ndc_x, float ndc_y, const std::function<float(int, int, int)>& label,
                    const std::function<bool(float)>& shown);

}  // namespace hp

// The 3D view's camera: it orbits the volume's centre (yaw about the volume's z axis, pitch
// above its xy plane), zooms by distance and pans in the view plane. Mouse and touch change
// it (app/demo/main.cpp); reset() brings back the view the page opens with, which the
// golden image of the 3D view also uses. Plain math, no GPU API.
#pragma once

#include <array>

namespace hp {

struct OrbitCamera {
    static constexpr float kYaw = 0.6f, kPitch = 0.45f, kDistance = 1.7f;  // distance in volume sizes
    float yaw = kYaw, pitch = kPitch, distance = kDistance;
    float pan_x = 0, pan_y = 0;  // in volume sizes, along the view's right and up

    void reset() { *this = OrbitCamera(); }
    // A drag of (dx, dy) in fractions of the view's height.
    void orbit(float dx, float dy);
    void pan(float dx, float dy);
    void zoom(float factor);  // > 1 moves away

    // Column-major view-projection framing a box of `box` units from the origin (a volume's
    // extent; distance and pan count in its largest side) for a view of aspect width / height;
    // and the eye in the same units.
    std::array<float, 16> view_projection(const std::array<float, 3>& box, float aspect) const;
    std::array<float, 3> eye(const std::array<float, 3>& box) const;
    std::array<float, 3> target(const std::array<float, 3>& box) const;  // the point it orbits
    // The direction from the eye through the view's point at (ndc_x, ndc_y), each −1..1 (y up).
    std::array<float, 3> ray(const std::array<float, 3>& box, float aspect, float ndc_x, float ndc_y) const;
};

}  // namespace hp

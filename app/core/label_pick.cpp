#include "label_pick.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hp {

LabelHit pick_label(const OrbitCamera& camera, const std::array<int, 3>& dims, const std::array<float, 3>& scale,
                    float aspect, float ndc_x, float ndc_y, const std::function<float(int, int, int)>& label,
                    const std::function<bool(float)>& shown) {
    const std::array<float, 3> box = {dims[0] * scale[0], dims[1] * scale[1], dims[2] * scale[2]};
    const std::array<float, 3> eye = camera.eye(box), dir = camera.ray(box, aspect, ndc_x, ndc_y);
    double o[3], d[3];
    for (int a = 0; a < 3; ++a) o[a] = eye[std::size_t(a)] / scale[std::size_t(a)], d[a] = dir[std::size_t(a)] / scale[std::size_t(a)];
    // Where the ray enters and leaves the volume's cubes, [−0.5, size − 0.5] on each axis.
    double t0 = 0, t1 = std::numeric_limits<double>::infinity();
    for (int a = 0; a < 3; ++a) {
        const double lo = -0.5, hi = dims[std::size_t(a)] - 0.5;
        if (d[a] == 0) {
            if (o[a] < lo || o[a] > hi) return {};
            continue;
        }
        double ta = (lo - o[a]) / d[a], tb = (hi - o[a]) / d[a];
        if (ta > tb) std::swap(ta, tb);
        t0 = std::max(t0, ta), t1 = std::min(t1, tb);
    }
    if (t0 > t1) return {};
    // Voxel by voxel along the ray (Amanatides and Woo).
    int v[3], step[3];
    double next[3], delta[3];
    for (int a = 0; a < 3; ++a) {
        const double p = o[a] + d[a] * (t0 + 1e-9);
        v[a] = std::clamp(int(std::floor(p + 0.5)), 0, dims[std::size_t(a)] - 1);
        step[a] = d[a] > 0 ? 1 : -1;
        delta[a] = d[a] != 0 ? std::abs(1 / d[a]) : std::numeric_limits<double>::infinity();
        const double edge = v[a] + (d[a] > 0 ? 0.5 : -0.5);
        next[a] = d[a] != 0 ? (edge - o[a]) / d[a] : std::numeric_limits<double>::infinity();
    }
    for (;;) {
        const float l = label(v[0], v[1], v[2]);
        if (l != 0 && shown(l)) return {true, l, {v[0], v[1], v[2]}};
        const int a = next[0] < next[1] ? (next[0] < next[2] ? 0 : 2) : (next[1] < next[2] ? 1 : 2);
        v[a] += step[a];
        if (v[a] < 0 || v[a] >= dims[std::size_t(a)]) return {};
        next[a] += delta[a];
    }
}

}  // namespace hp

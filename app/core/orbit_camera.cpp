#include "orbit_camera.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

namespace hp {
namespace {

struct Frame {
    glm::vec3 eye, target, up;
};

// z is up: slices stack along z (a CT's axial slices: the head stands upright).
Frame frame_of(const OrbitCamera& c, const std::array<float, 3>& box) {
    const float n = std::max({box[0], box[1], box[2]});
    const glm::vec3 centre = glm::vec3(box[0], box[1], box[2]) / 2.0f;
    const glm::vec3 dir(std::cos(c.pitch) * std::cos(c.yaw), std::cos(c.pitch) * std::sin(c.yaw), std::sin(c.pitch));
    const glm::vec3 right = glm::normalize(glm::cross(glm::vec3(0, 0, 1), dir));
    const glm::vec3 up = glm::cross(dir, right);
    const glm::vec3 target = centre + n * (c.pan_x * right + c.pan_y * up);
    return {target + dir * (c.distance * n), target, up};
}

}  // namespace

void OrbitCamera::orbit(float dx, float dy) {
    yaw -= dx * 3.0f;
    pitch = std::clamp(pitch + dy * 3.0f, -1.5f, 1.5f);
}

void OrbitCamera::pan(float dx, float dy) {
    pan_x -= dx * distance * 0.8f;
    pan_y += dy * distance * 0.8f;
}

void OrbitCamera::zoom(float factor) { distance = std::clamp(distance * factor, 0.3f, 10.0f); }

std::array<float, 16> OrbitCamera::view_projection(const std::array<float, 3>& box, float aspect) const {
    const Frame f = frame_of(*this, box);
    const float n = std::max({box[0], box[1], box[2]});
    const glm::mat4 view = glm::lookAt(f.eye, f.target, f.up);
    // Near and far planes from the distance: the whole volume (radius n·√3/2) stays inside.
    const float d = distance * n, r = n * 0.9f;
    const glm::mat4 proj = glm::perspective(glm::radians(40.0f), std::max(aspect, 1e-3f),
                                            std::max(d - r, n * 0.01f), d + r + n);
    const glm::mat4 m = proj * view;
    std::array<float, 16> out;
    std::copy_n(glm::value_ptr(m), 16, out.begin());
    return out;
}

std::array<float, 3> OrbitCamera::ray(const std::array<float, 3>& box, float aspect, float ndc_x, float ndc_y) const {
    const std::array<float, 16> m = view_projection(box, aspect);
    const glm::mat4 inverse = glm::inverse(glm::make_mat4(m.data()));
    glm::vec4 near = inverse * glm::vec4(ndc_x, ndc_y, -1, 1), far = inverse * glm::vec4(ndc_x, ndc_y, 1, 1);
    const glm::vec3 d = glm::normalize(glm::vec3(far) / far.w - glm::vec3(near) / near.w);
    return {d.x, d.y, d.z};
}

std::array<float, 3> OrbitCamera::target(const std::array<float, 3>& box) const {
    const glm::vec3 t = frame_of(*this, box).target;
    return {t.x, t.y, t.z};
}

std::array<float, 3> OrbitCamera::eye(const std::array<float, 3>& box) const {
    const glm::vec3 e = frame_of(*this, box).eye;
    return {e.x, e.y, e.z};
}

}  // namespace hp

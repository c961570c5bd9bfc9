#include "webgpu_read.h"

#include <cmath>
#include <utility>

#include "reference_mesh.h"

namespace hp {

namespace {

void take(wgpu::Ticket* t, std::vector<float>* out, std::size_t floats) {
    out->resize(floats);
    t->take(out->data(), int(4 * floats));
}
// The vec4s' x, y, z; their w into *w where asked (a label map's labels).
std::vector<float> xyz(wgpu::Ticket* t, std::uint32_t n, std::vector<float>* w = nullptr) {
    std::vector<float> vec4;
    take(t, &vec4, 4 * std::size_t(n));
    std::vector<float> out;
    out.reserve(3 * std::size_t(n));
    for (std::size_t i = 0; i < n; ++i) out.insert(out.end(), vec4.begin() + 4 * i, vec4.begin() + 4 * i + 3);
    if (w)
        for (std::size_t i = 0; i < n; ++i) w->push_back(vec4[4 * i + 3]);
    return out;
}

}  // namespace

int WebGpuRead::poll(Reading* out, std::string* why) {
    for (const wgpu::Ticket* t : {&stream, &atlas, &positions, &normals, &indices}) {
        if (!*t) continue;
        const int state = t->state();
        if (state < 0) return *why = "the read-back failed (the WebGPU device's errors say why)", -1;
        if (state == 0) return 0;
    }
    if (stream) take(&stream, &r.stream, 4 * std::size_t(keys));
    if (atlas) take(&atlas, &r.atlas, texels);
    if (indices) {
        r.indexed = true;
        r.indices.resize(vertices);
        indices.take(r.indices.data(), int(4 * std::size_t(vertices)));
        r.shared_positions = xyz(&positions, list);
        r.shared_normals = xyz(&normals, list);
        for (std::uint32_t i : r.indices) soup_vertex(i);
    } else if (positions) {
        std::vector<float> others;  // a label map's: each vertex's face's other side, the normals' w
        r.mesh.positions = xyz(&positions, vertices, labels ? &r.mesh.labels : nullptr);
        r.mesh.normals = xyz(&normals, vertices, labels ? &others : nullptr);
        r.mesh.other_labels = per_triangle(others);
    }
    *out = std::move(r);
    return 1;
}

void WebGpuRead::soup_vertex(std::uint32_t i) {
    for (auto [from, to] : {std::pair{&r.shared_positions, &r.mesh.positions}, {&r.shared_normals, &r.mesh.normals}})
        for (std::size_t c = 0; c < 3; ++c) to->push_back(i < list ? (*from)[3 * std::size_t(i) + c] : std::nanf(""));
}

}  // namespace hp

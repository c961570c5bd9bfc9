#include "reference_mesh.h"

#include <algorithm>
#include <cmath>

#include "cpu_reference.h"
#include "label_nets.h"
#include "marching_cubes.h"

namespace hp {

void mesh_vertex(const AtlasLayout& l, const float* atlas, float iso, Voxel v, int c, int index, float* position,
                 float* normal) {
    const auto field = [&](int x, int y, int z) {  // neighbours clamped to the volume
        return atlas_value(l, atlas, {std::clamp(x, 0, l.dims[0] - 1), std::clamp(y, 0, l.dims[1] - 1),
                                      std::clamp(z, 0, l.dims[2] - 1)});
    };
    edge_vertex(field, v, mc::triangle_edge(c, index), iso, 0, position, normal);
}

MeshData reference_mesh(const AtlasLayout& l, const float* atlas, float iso, std::uint32_t limit) {
    MeshData m;
    const auto base = classify(l, atlas, Classify::Surface, iso);
    for (const Texel& t : active_texels_morton(base, l.atlas)) {
        Voxel v{};
        l.voxel_of(t, &v);
        const int c = cell_case(l, atlas, v, iso);
        const int n = mc::vertex_count(c);
        for (int j = 0; j < n; ++j, ++m.vertices) {
            if (m.vertices >= limit) continue;
            float p[3], q[3];
            mesh_vertex(l, atlas, iso, v, c, j, p, q);
            m.positions.insert(m.positions.end(), p, p + 3);
            m.normals.insert(m.normals.end(), q, q + 3);
        }
    }
    return m;
}

MeshData reference_label_mesh(const AtlasLayout& l, const float* atlas, std::uint32_t limit) {
    MeshData m;
    const auto label = [&](int x, int y, int z) { return label_at(l, atlas, x, y, z); };
    const auto base = classify(l, atlas, Classify::Labels, 0);
    for (const Texel& t : active_texels_morton(base, l.atlas)) {
        Voxel v{};
        l.voxel_of(t, &v);
        const int p[3] = {v.x, v.y, v.z};
        const int mask = labels::faces(label, v.x, v.y, v.z);
        const float value = label(v.x, v.y, v.z);
        const int n = labels::vertex_count(mask);
        for (int j = 0; j < n; ++j, ++m.vertices) {
            if (m.vertices >= limit) continue;
            float q[3], r[3], other = 0;
            labels::vertex(label, p, mask, value, j, q, r, nullptr, &other);
            m.positions.insert(m.positions.end(), q, q + 3);
            m.normals.insert(m.normals.end(), r, r + 3);
            m.labels.push_back(value);
            if (j % 3 == 2) m.other_labels.push_back(other);
        }
    }
    return m;
}

std::vector<float> per_triangle(const std::vector<float>& v) {
    std::vector<float> out(v.size() / 3);
    for (std::size_t t = 0; t < out.size(); ++t)
        out[t] = v[3 * t] == v[3 * t + 1] && v[3 * t] == v[3 * t + 2] ? v[3 * t] : std::nanf("");
    return out;
}

}  // namespace hp

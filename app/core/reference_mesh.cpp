#include "reference_mesh.h"

#include <algorithm>
#include <cmath>

#include "cpu_reference.h"
#include "marching_cubes.h"

namespace hp {
namespace {

struct Vec3 {
    float x, y, z;
};

// Central differences, neighbours clamped to the volume.
Vec3 gradient(const AtlasLayout& l, const float* atlas, Voxel q) {
    auto f = [&](int x, int y, int z) {
        return atlas_value(l, atlas, {std::clamp(x, 0, l.dims[0] - 1), std::clamp(y, 0, l.dims[1] - 1),
                                      std::clamp(z, 0, l.dims[2] - 1)});
    };
    return {f(q.x + 1, q.y, q.z) - f(q.x - 1, q.y, q.z), f(q.x, q.y + 1, q.z) - f(q.x, q.y - 1, q.z),
            f(q.x, q.y, q.z + 1) - f(q.x, q.y, q.z - 1)};
}

}  // namespace

void mesh_vertex(const AtlasLayout& l, const float* atlas, float iso, Voxel v, int c, int index, float* position,
                 float* normal) {
    const auto& ab = mc::kEdgeCorners[std::size_t(mc::triangle_edge(c, index))];
    const Voxel& ca = kCellCorners[std::size_t(ab[0])];
    const Voxel& cb = kCellCorners[std::size_t(ab[1])];
    const Voxel pa{v.x + ca.x, v.y + ca.y, v.z + ca.z}, pb{v.x + cb.x, v.y + cb.y, v.z + cb.z};
    const float va = atlas_value(l, atlas, pa), vb = atlas_value(l, atlas, pb);
    const float t = (iso - va) / (vb - va);
    position[0] = float(pa.x) + t * (float(pb.x) - float(pa.x));
    position[1] = float(pa.y) + t * (float(pb.y) - float(pa.y));
    position[2] = float(pa.z) + t * (float(pb.z) - float(pa.z));
    const Vec3 ga = gradient(l, atlas, pa), gb = gradient(l, atlas, pb);
    const Vec3 n{-(ga.x + t * (gb.x - ga.x)), -(ga.y + t * (gb.y - ga.y)), -(ga.z + t * (gb.z - ga.z))};
    const float len = std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
    normal[0] = len > 0 ? n.x / len : 0.0f;
    normal[1] = len > 0 ? n.y / len : 0.0f;
    normal[2] = len > 0 ? n.z / len : 0.0f;
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

}  // namespace hp

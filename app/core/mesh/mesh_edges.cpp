#include "mesh_edges.h"

namespace hp {

// Sorted stably by the pair packed into as many bits as the vertex indices need: the order
// std::sort by (key, face) gives, since the edges are made in face order.
std::vector<EdgeRun> sorted_edges(const WorldMesh& m) {
    std::vector<EdgeRun> e;
    e.reserve(m.faces.size());
    std::uint32_t top = 0;
    for (std::size_t t = 0; t < m.faces.size(); t += 3)
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t a = m.faces[t + k], b = m.faces[t + (k + 1) % 3];
            top = std::max(top, std::max(a, b));
            e.push_back({std::uint64_t(std::min(a, b)) << 32 | std::max(a, b), std::uint32_t(t / 3)});
        }
    const int bits = bits_for(top);
    radix_sort(&e, 2 * bits, [bits](const EdgeRun& r) { return (r.key >> 32) << bits | (r.key & 0xffffffffu); });
    return e;
}

std::vector<std::uint32_t> piece_of_faces(const WorldMesh& m, const std::vector<EdgeRun>& edges) {
    UnionFind uf(m.triangles());
    for_each_run(edges, [&](std::size_t first, std::size_t n) {
        for (std::size_t k = 1; k < n; ++k) uf.join(edges[first].face, edges[first + k].face);
    });
    std::vector<std::uint32_t> piece(m.triangles());
    for (std::size_t f = 0; f < piece.size(); ++f) piece[f] = uf.find(std::uint32_t(f));
    return piece;
}

double tetra6(const WorldMesh& m, std::size_t t, const Vec3& origin) {
    return dot(m.positions[m.faces[t]] - origin, cross(m.positions[m.faces[t + 1]] - origin, m.positions[m.faces[t + 2]] - origin));
}

// A label map's per-triangle part and other side follow their triangles.
void keep_faces(WorldMesh* m, const std::vector<std::uint8_t>& keep) {
    const bool parts = m->face_part.size() == keep.size(), others = m->face_other.size() == keep.size();
    std::size_t out = 0;
    for (std::size_t f = 0; f < keep.size(); ++f) {
        if (!keep[f]) continue;
        for (std::size_t k = 0; k < 3; ++k) m->faces[3 * out + k] = m->faces[3 * f + k];
        if (parts) m->face_part[out] = m->face_part[f];
        if (others) m->face_other[out] = m->face_other[f];
        ++out;
    }
    m->faces.resize(3 * out);
    if (parts) m->face_part.resize(out);
    if (others) m->face_other.resize(out);
}

}  // namespace hp

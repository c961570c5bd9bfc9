// A label map's meshes through the steps (mesh_process.h): each label's pieces, and the
// smoothing of the labels' union, so that shared faces stay shared.
#include "mesh_process.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace hp {

std::size_t keep_label_pieces(WorldMesh* m, Pieces which, double min_volume_mm3, std::size_t* kept) {
    std::vector<std::vector<std::uint32_t>> faces(m->parts.size());
    for (std::size_t t = 0; t < m->face_part.size(); ++t)
        if (m->face_part[t] < faces.size()) faces[m->face_part[t]].push_back(std::uint32_t(t));
    WorldMesh out;
    out.parts = m->parts;
    std::size_t before = 0;
    *kept = 0;
    for (std::size_t p = 0; p < faces.size(); ++p) {
        if (faces[p].empty()) continue;
        WorldMesh part = part_mesh(*m, faces[p]);
        std::size_t k = 0;
        before += keep_pieces(&part, which, min_volume_mm3, &k);
        *kept += k;
        const std::uint32_t base = std::uint32_t(out.positions.size());
        out.positions.insert(out.positions.end(), part.positions.begin(), part.positions.end());
        out.normals.insert(out.normals.end(), part.normals.begin(), part.normals.end());
        for (std::uint32_t v : part.faces) out.faces.push_back(base + v);
        out.face_part.insert(out.face_part.end(), part.triangles(), std::uint32_t(p));
        out.face_other.insert(out.face_other.end(), part.face_other.begin(), part.face_other.end());
    }
    *m = std::move(out);
    return before;
}

LabelSmoothing label_smoothing(const WorldMesh& m) {
    LabelSmoothing s;
    struct Key {
        double x, y, z;
        bool operator==(const Key& o) const { return x == o.x && y == o.y && z == o.z; }
    };
    struct Hash {
        std::size_t operator()(const Key& k) const {
            return std::hash<double>()(k.x) ^ (std::hash<double>()(k.y) * 31) ^ (std::hash<double>()(k.z) * 131);
        }
    };
    std::unordered_map<Key, std::uint32_t, Hash> node;
    s.node_of.resize(m.positions.size());
    for (std::size_t v = 0; v < m.positions.size(); ++v) {
        const Vec3& p = m.positions[v];
        const auto [it, fresh] = node.emplace(Key{p.x, p.y, p.z}, std::uint32_t(s.nodes.positions.size()));
        if (fresh) s.nodes.positions.push_back(p), s.nodes.normals.push_back(m.normals[v]);
        s.node_of[v] = it->second;
    }
    // A face two labels share is one face of the union (its corners as a set).
    std::unordered_map<std::uint64_t, std::vector<std::array<std::uint32_t, 3>>> seen;
    for (std::size_t t = 0; t < m.faces.size(); t += 3) {
        std::array<std::uint32_t, 3> c = {s.node_of[m.faces[t]], s.node_of[m.faces[t + 1]], s.node_of[m.faces[t + 2]]};
        std::array<std::uint32_t, 3> k = c;
        std::sort(k.begin(), k.end());
        auto& bucket = seen[(std::uint64_t(k[0]) * 0x9E3779B97F4A7C15ull) ^ (std::uint64_t(k[1]) << 21) ^ k[2]];
        if (std::find(bucket.begin(), bucket.end(), k) != bucket.end()) continue;
        bucket.push_back(k);
        s.nodes.faces.insert(s.nodes.faces.end(), c.begin(), c.end());
    }
    s.neighbours = smooth_neighbours(s.nodes);
    return s;
}

void label_smooth_iteration(LabelSmoothing* s) { smooth_iteration(&s->nodes, s->neighbours); }

void label_smoothing_back(const LabelSmoothing& s, WorldMesh* m) {
    for (std::size_t v = 0; v < m->positions.size(); ++v) m->positions[v] = s.nodes.positions[s.node_of[v]];
    face_normals_to_vertices(m);
}

}  // namespace hp

// A label map's meshes through the steps (mesh_process.h): each label's pieces, and the
// smoothing of the labels' union, so that shared faces stay shared.
#include "mesh_process.h"

#include "label_merge.h"

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
    LabelNodes n = label_nodes(m);
    s.node_of = std::move(n.of);
    s.nodes.positions = std::move(n.at);
    s.nodes.normals.assign(s.nodes.positions.size(), Vec3{0, 0, 1});  // label_smoothing_back remakes them
    // A face two labels share is one face of the union (its corners as a set), where its first
    // copy is.
    std::vector<std::uint8_t> first(m.triangles(), 0);
    const std::vector<CornerKey> keys = triangles_by_corners(m, &s.node_of);
    for (std::size_t i = 0; i < keys.size(); ++i) first[keys[i].t] = i == 0 || !keys[i].same_corners(keys[i - 1]);
    for (std::size_t t = 0; t < m.triangles(); ++t)
        if (first[t])
            for (int k = 0; k < 3; ++k) s.nodes.faces.push_back(s.node_of[m.faces[3 * t + std::size_t(k)]]);
    s.neighbours = smooth_neighbours(s.nodes);
    return s;
}

void label_smooth_iteration(LabelSmoothing* s) { smooth_iteration(&s->nodes, s->neighbours); }

void label_smoothing_back(const LabelSmoothing& s, WorldMesh* m) {
    for (std::size_t v = 0; v < m->positions.size(); ++v) m->positions[v] = s.nodes.positions[s.node_of[v]];
    face_normals_to_vertices(m);
}

}  // namespace hp

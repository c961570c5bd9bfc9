#include "mesh_process.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "mesh_edges.h"
#include "meshoptimizer.h"

namespace hp {

MeshReport mesh_report(const WorldMesh& m) {
    MeshReport r;
    r.triangles = m.triangles();
    r.vertices = m.positions.size();
    const std::vector<EdgeRun> edges = sorted_edges(m);
    for_each_run(edges, [&](std::size_t, std::size_t n) {
        if (n == 1) ++r.boundary_edges;
        if (n > 2) ++r.nonmanifold_edges;
    });
    const std::vector<std::uint32_t> piece = piece_of_faces(m, edges);
    for (std::size_t f = 0; f < piece.size(); ++f) r.pieces += piece[f] == f;
    const Vec3 origin = m.positions.empty() ? Vec3{0, 0, 0} : m.positions[0];
    double volume6 = 0;
    for (std::size_t t = 0; t < m.faces.size(); t += 3) {
        const double area = length(face_cross(m, t)) / 2;
        r.area_mm2 += area;
        r.zero_area += area < kZeroArea;
        volume6 += tetra6(m, t, origin);
    }
    r.volume_mm3 = volume6 / 6;
    return r;
}

WorldMesh part_mesh(const WorldMesh& m, const std::vector<std::uint32_t>& faces) {
    WorldMesh out;
    std::unordered_map<std::uint32_t, std::uint32_t> index;
    for (std::uint32_t t : faces)
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = m.faces[3 * std::size_t(t) + std::size_t(k)];
            const auto [it, fresh] = index.emplace(v, std::uint32_t(out.positions.size()));
            if (fresh) out.positions.push_back(m.positions[v]), out.normals.push_back(m.normals[v]);
            out.faces.push_back(it->second);
        }
    for (std::uint32_t t : faces)
        if (t < m.face_other.size()) out.face_other.push_back(m.face_other[t]);
    return out;
}

std::vector<MeshReport> part_reports(const WorldMesh& m) {
    std::vector<std::vector<std::uint32_t>> faces(m.parts.size());
    for (std::size_t t = 0; t < m.face_part.size(); ++t)
        if (m.face_part[t] < faces.size()) faces[m.face_part[t]].push_back(std::uint32_t(t));
    std::vector<MeshReport> out;
    for (const auto& f : faces) out.push_back(f.empty() ? MeshReport() : mesh_report(part_mesh(m, f)));
    return out;
}
std::size_t keep_pieces(WorldMesh* m, Pieces which, double min_volume_mm3, std::size_t* kept) {
    const std::vector<std::uint32_t> piece = piece_of_faces(*m, sorted_edges(*m));
    std::vector<double> volume6(piece.size(), 0.0);
    std::vector<std::size_t> faces(piece.size(), 0);
    const Vec3 origin = m->positions.empty() ? Vec3{0, 0, 0} : m->positions[0];
    for (std::size_t f = 0; f < piece.size(); ++f) volume6[piece[f]] += tetra6(*m, 3 * f, origin), ++faces[piece[f]];
    std::size_t count = 0, largest = 0;
    for (std::size_t f = 0; f < piece.size(); ++f) {
        if (piece[f] != f) continue;
        ++count;
        const double a = std::fabs(volume6[f]), b = std::fabs(volume6[largest]);
        if (a > b || (a == b && faces[f] > faces[largest])) largest = f;
    }
    std::vector<std::uint8_t> keep(piece.size());
    std::size_t left = 0;
    for (std::size_t f = 0; f < piece.size(); ++f) {
        const std::uint32_t p = piece[f];
        keep[f] = which == Pieces::All || (which == Pieces::Largest && p == largest) ||
                  (which == Pieces::Above && std::fabs(volume6[p]) / 6 >= min_volume_mm3);
        left += keep[f] && p == f;
    }
    keep_faces(m, keep);
    drop_unused_vertices(m);
    if (kept) *kept = left;
    return count;
}

SmoothNeighbours smooth_neighbours(const WorldMesh& m) {
    SmoothNeighbours n;
    const std::size_t nv = m.positions.size();
    n.start.assign(nv + 1, 0);
    n.fixed.assign(nv, 0);
    const std::vector<EdgeRun> edges = sorted_edges(m);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for_each_run(edges, [&](std::size_t first, std::size_t count) {
        const auto a = std::uint32_t(edges[first].key >> 32), b = std::uint32_t(edges[first].key);
        if (count != 2) n.fixed[a] = n.fixed[b] = 1;
        pairs.push_back({a, b});
        ++n.start[a + 1], ++n.start[b + 1];
    });
    for (std::size_t v = 0; v < nv; ++v) n.start[v + 1] += n.start[v];
    n.list.resize(n.start[nv]);
    std::vector<std::uint32_t> at(n.start.begin(), n.start.end() - 1);
    for (const auto& [a, b] : pairs) n.list[at[a]++] = b, n.list[at[b]++] = a;
    return n;
}

void smooth_iteration(WorldMesh* m, const SmoothNeighbours& n) {
    std::vector<Vec3> next(m->positions.size());
    for (const double factor : {0.5, -0.53}) {  // Taubin's λ, then μ (pass band k = 1/λ + 1/μ ≈ 0.1)
        for (std::size_t v = 0; v < next.size(); ++v) {
            const Vec3& p = m->positions[v];
            const std::uint32_t b = n.start[v], e = n.start[v + 1];
            if (n.fixed[v] || b == e) {
                next[v] = p;
                continue;
            }
            Vec3 sum{0, 0, 0};
            for (std::uint32_t k = b; k < e; ++k) sum = sum + m->positions[n.list[k]];
            next[v] = p + (sum * (1.0 / double(e - b)) - p) * factor;
        }
        m->positions.swap(next);
    }
}

double decimate(WorldMesh* m, std::uint32_t target_triangles, double max_error_mm) {
    if (m->triangles() <= target_triangles) return 0;
    std::vector<float> xyz;
    xyz.reserve(3 * m->positions.size());
    for (const Vec3& p : m->positions) xyz.insert(xyz.end(), {float(p.x), float(p.y), float(p.z)});
    const float scale = meshopt_simplifyScale(xyz.data(), m->positions.size(), 12);
    std::vector<std::uint32_t> out(m->faces.size());
    float error = 0;
    const std::size_t n = meshopt_simplify(out.data(), m->faces.data(), m->faces.size(), xyz.data(),
                                           m->positions.size(), 12, std::size_t(target_triangles) * 3,
                                           scale > 0 ? float(max_error_mm / scale) : 0.0f,
                                           meshopt_SimplifyLockBorder, &error);
    out.resize(n);
    m->faces.swap(out);
    drop_unused_vertices(m);
    return double(error) * double(scale);
}

void drop_unused_vertices(WorldMesh* m) {
    constexpr std::uint32_t kNone = 0xffffffffu;
    std::vector<std::uint32_t> to(m->positions.size(), kNone);
    for (std::uint32_t v : m->faces) to[v] = 0;
    std::uint32_t next = 0;
    for (std::size_t v = 0; v < to.size(); ++v) {
        if (to[v] == kNone) continue;
        to[v] = next;
        m->positions[next] = m->positions[v];
        if (v < m->normals.size()) m->normals[next] = m->normals[v];
        ++next;
    }
    m->positions.resize(next);
    m->normals.resize(std::min<std::size_t>(m->normals.size(), next));
    for (std::uint32_t& v : m->faces) v = to[v];
}

void face_normals_to_vertices(WorldMesh* m) {
    m->normals.assign(m->positions.size(), Vec3{0, 0, 0});
    for (std::size_t t = 0; t < m->faces.size(); t += 3) {
        const Vec3 n = face_cross(*m, t);  // area-weighted
        for (std::size_t k = 0; k < 3; ++k) m->normals[m->faces[t + k]] = m->normals[m->faces[t + k]] + n;
    }
    for (Vec3& n : m->normals) n = length(n) > 0 ? unit(n) : Vec3{0, 0, 1};
}

StepsDone run_mesh_steps(WorldMesh* m, const MeshSteps& s) {
    StepsDone d;
    keep_sound(m, &d);
    if (s.pieces != Pieces::All) d.pieces_before = keep_pieces(m, s.pieces, s.min_piece_mm3, &d.pieces_kept);
    if (s.smooth > 0) {
        const SmoothNeighbours n = smooth_neighbours(*m);
        for (int i = 0; i < s.smooth; ++i) smooth_iteration(m, n);
        keep_sound(m, &d);
    }
    if (s.decimate > 0 && m->triangles() > s.decimate) {
        d.decimate_from = m->triangles();
        d.decimate_error_mm = decimate(m, s.decimate, s.max_error_mm);
        keep_sound(m, &d);
    }
    if (s.smooth > 0 || d.decimate_from > 0) face_normals_to_vertices(m);
    return d;
}

}  // namespace hp

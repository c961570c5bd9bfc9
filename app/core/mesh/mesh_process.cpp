#include "mesh_process.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>
#include <utility>

#include "meshoptimizer.h"

namespace hp {
namespace {

constexpr double kSeparation = 1e-3;  // mm: split_nonmanifold_edges' sheets apart

struct UnionFind {
    explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    std::uint32_t find(std::uint32_t v) {
        while (parent[v] != v) v = parent[v] = parent[parent[v]];
        return v;
    }
    void join(std::uint32_t a, std::uint32_t b) {  // the lower index stays the root
        a = find(a), b = find(b);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
    std::vector<std::uint32_t> parent;
};

// Every triangle's edges, sorted by their (lower, higher) vertex pair: a run of one is a
// border edge, of two a manifold one, of three or more a non-manifold one.
struct EdgeRun {
    std::uint64_t key;  // lower << 32 | higher
    std::uint32_t face;
    bool operator<(const EdgeRun& o) const { return key < o.key || (key == o.key && face < o.face); }
};
std::vector<EdgeRun> sorted_edges(const WorldMesh& m) {
    std::vector<EdgeRun> e;
    e.reserve(m.faces.size());
    for (std::size_t t = 0; t < m.faces.size(); t += 3)
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t a = m.faces[t + k], b = m.faces[t + (k + 1) % 3];
            e.push_back({std::uint64_t(std::min(a, b)) << 32 | std::max(a, b), std::uint32_t(t / 3)});
        }
    std::sort(e.begin(), e.end());
    return e;
}
// Calls f(first, count) for each run of equal keys.
template <typename F>
void for_each_run(const std::vector<EdgeRun>& e, F&& f) {
    for (std::size_t i = 0; i < e.size();) {
        std::size_t j = i + 1;
        while (j < e.size() && e[j].key == e[i].key) ++j;
        f(i, j - i);
        i = j;
    }
}

// Each triangle's piece (a root triangle's index), edge-connected.
std::vector<std::uint32_t> piece_of_faces(const WorldMesh& m, const std::vector<EdgeRun>& edges) {
    UnionFind uf(m.triangles());
    for_each_run(edges, [&](std::size_t first, std::size_t n) {
        for (std::size_t k = 1; k < n; ++k) uf.join(edges[first].face, edges[first + k].face);
    });
    std::vector<std::uint32_t> piece(m.triangles());
    for (std::size_t f = 0; f < piece.size(); ++f) piece[f] = uf.find(std::uint32_t(f));
    return piece;
}

// The signed volume the triangle at faces[t] adds (its tetrahedron with `origin`), times 6.
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

// Drops triangles with a repeated vertex and pairs of triangles over the same three vertices
// turning opposite ways (a fin left where a collapse folded the surface onto itself).
void drop_collapsed(WorldMesh* m) {
    struct Tri {
        std::uint32_t v[3];
        std::uint32_t face;
        bool even;  // the face's order is an even permutation of v (sorted)
    };
    std::vector<Tri> tris;
    std::vector<std::uint8_t> keep(m->triangles(), 1);
    for (std::size_t f = 0; f < m->triangles(); ++f) {
        std::uint32_t a = m->faces[3 * f], b = m->faces[3 * f + 1], c = m->faces[3 * f + 2];
        if (a == b || b == c || a == c) {
            keep[f] = 0;
            continue;
        }
        // Rotate the lowest first: the turn is then b < c.
        while (a > b || a > c) std::swap(a, b), std::swap(b, c);
        tris.push_back({{a, std::min(b, c), std::max(b, c)}, std::uint32_t(f), b < c});
    }
    std::sort(tris.begin(), tris.end(), [](const Tri& x, const Tri& y) {
        return std::lexicographical_compare(x.v, x.v + 3, y.v, y.v + 3);
    });
    for (std::size_t i = 0; i < tris.size();) {
        std::size_t j = i + 1;
        while (j < tris.size() && std::equal(tris[i].v, tris[i].v + 3, tris[j].v)) ++j;
        // Cancel opposite pairs within the run.
        std::vector<std::uint32_t> even, odd;
        for (std::size_t k = i; k < j; ++k) (tris[k].even ? even : odd).push_back(tris[k].face);
        for (std::size_t k = 0; k < std::min(even.size(), odd.size()); ++k) keep[even[k]] = keep[odd[k]] = 0;
        i = j;
    }
    keep_faces(m, keep);
}

}  // namespace

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

std::size_t merge_zero_area(WorldMesh* m) {
    const std::size_t before = m->triangles();
    drop_collapsed(m);  // what a step before left folded onto itself
    for (int round = 0; round < 32; ++round) {
        UnionFind uf(m->positions.size());
        bool any = false;
        for (std::size_t t = 0; t < m->faces.size(); t += 3) {
            if (length(face_cross(*m, t)) / 2 >= kZeroArea) continue;
            any = true;
            const std::uint32_t v[3] = {m->faces[t], m->faces[t + 1], m->faces[t + 2]};
            double len[3];
            for (int k = 0; k < 3; ++k) len[k] = length(m->positions[v[(k + 1) % 3]] - m->positions[v[k]]);
            const int shortest = int(std::min_element(len, len + 3) - len);
            for (int k = 0; k < 3; ++k)  // the shortest edge, and any other of no length
                if (k == shortest || len[k] == 0) uf.join(v[k], v[(k + 1) % 3]);
        }
        if (!any) break;
        for (std::uint32_t& v : m->faces) v = uf.find(v);
        drop_collapsed(m);
    }
    drop_unused_vertices(m);
    return before - m->triangles();
}

std::size_t split_nonmanifold_edges(WorldMesh* m) {
    const std::vector<EdgeRun> edges = sorted_edges(*m);
    std::vector<std::uint64_t> cut;  // the keys of edges held by three triangles or more
    for_each_run(edges, [&](std::size_t first, std::size_t n) {
        if (n > 2) cut.push_back(edges[first].key);
    });
    if (cut.empty()) return 0;
    const auto key = [](std::uint32_t a, std::uint32_t b) { return std::uint64_t(std::min(a, b)) << 32 | std::max(a, b); };
    const auto is_cut = [&](std::uint32_t a, std::uint32_t b) { return std::binary_search(cut.begin(), cut.end(), key(a, b)); };
    // The triangles around each vertex on a cut edge.
    std::vector<std::uint8_t> on_cut(m->positions.size(), 0);
    for (std::uint64_t k : cut) on_cut[k >> 32] = on_cut[std::uint32_t(k)] = 1;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> around;  // (vertex, triangle)
    for (std::size_t t = 0; t < m->faces.size(); t += 3)
        for (std::size_t k = 0; k < 3; ++k)
            if (on_cut[m->faces[t + k]]) around.push_back({m->faces[t + k], std::uint32_t(t / 3)});
    std::sort(around.begin(), around.end());
    std::size_t added = 0;
    for (std::size_t i = 0; i < around.size();) {
        const std::uint32_t v = around[i].first;
        std::size_t j = i;
        while (j < around.size() && around[j].first == v) ++j;
        // Fans: the vertex's triangles joined across its edges that are not cut.
        const std::size_t n = j - i;
        UnionFind fans(n);
        const auto other = [&](std::size_t a, std::uint32_t skip_to) {  // the triangle's two other vertices
            const std::uint32_t* f = &m->faces[3 * std::size_t(around[a].second)];
            return f[0] == skip_to ? std::pair{f[1], f[2]} : f[1] == skip_to ? std::pair{f[2], f[0]} : std::pair{f[0], f[1]};
        };
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = a + 1; b < n; ++b) {
                const auto [a1, a2] = other(i + a, v);
                const auto [b1, b2] = other(i + b, v);
                for (std::uint32_t w : {a1, a2})
                    if ((w == b1 || w == b2) && !is_cut(v, w)) fans.join(std::uint32_t(a), std::uint32_t(b));
            }
        // The first fan keeps the vertex; each other gets a copy of it. Each is then moved a
        // micrometre towards its own fan's other corners: a reader that welds by position (STL
        // has nothing else) must not find the sheets on one edge again.
        constexpr std::uint32_t kNone = 0xffffffffu;
        std::vector<std::uint32_t> copy_of(n, kNone);
        std::vector<Vec3> toward(n, Vec3{0, 0, 0});
        const Vec3 at = m->positions[v];
        std::size_t fan_count = 0;
        for (std::size_t a = 0; a < n; ++a) {
            const std::uint32_t root = fans.find(std::uint32_t(a));  // 0's fan first: its root is 0
            std::uint32_t* f = &m->faces[3 * std::size_t(around[i + a].second)];
            for (int k = 0; k < 3; ++k)
                if (f[k] != v) toward[root] = toward[root] + (m->positions[f[k]] - at);
            if (copy_of[root] == kNone) {
                copy_of[root] = fan_count++ == 0 ? v : std::uint32_t(m->positions.size());
                if (copy_of[root] != v) {
                    m->positions.push_back(at);
                    if (v < m->normals.size()) m->normals.push_back(m->normals[v]);
                    ++added;
                }
            }
            for (int k = 0; k < 3; ++k)
                if (f[k] == v) f[k] = copy_of[root];
        }
        if (fan_count > 1)
            for (std::size_t a = 0; a < n; ++a)
                if (copy_of[a] != kNone) m->positions[copy_of[a]] = at + unit(toward[a]) * kSeparation;
        i = j;
    }
    return added;
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

void keep_sound(WorldMesh* m, StepsDone* d) {
    d->zero_area_merged += merge_zero_area(m);
    d->vertices_split += split_nonmanifold_edges(m);
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

#include "label_merge.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <unordered_map>
#include <vector>

#include "mesh_process.h"

namespace hp {
namespace {

// The labels' union: each vertex's node (one a position, compared exactly) and the nodes' places.
struct Nodes {
    std::vector<std::uint32_t> of;
    std::vector<Vec3> at;
};
Nodes nodes_of(const WorldMesh& m) {
    struct Hash {
        std::size_t operator()(const std::array<double, 3>& k) const {
            return std::hash<double>()(k[0]) ^ (std::hash<double>()(k[1]) * 31) ^ (std::hash<double>()(k[2]) * 131);
        }
    };
    std::unordered_map<std::array<double, 3>, std::uint32_t, Hash> node;
    Nodes n;
    n.of.resize(m.positions.size());
    for (std::size_t v = 0; v < m.positions.size(); ++v) {
        const Vec3& p = m.positions[v];
        const auto [it, fresh] = node.emplace(std::array<double, 3>{p.x, p.y, p.z}, std::uint32_t(n.at.size()));
        if (fresh) n.at.push_back(p);
        n.of[v] = it->second;
    }
    return n;
}

struct Roots {  // union-find over the nodes; the lower index stays the root
    explicit Roots(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    std::uint32_t find(std::uint32_t v) {
        while (parent[v] != v) v = parent[v] = parent[parent[v]];
        return v;
    }
    void join(std::uint32_t a, std::uint32_t b) {
        a = find(a), b = find(b);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
    std::vector<std::uint32_t> parent;
};

// Drops the triangles with a repeated vertex and pairs over the same three vertices turned
// opposite ways (a label's vertices are its own: such a pair is one label's fold); the
// triangles' parts and other sides follow them.
void drop_collapsed(WorldMesh* m) {
    const std::size_t n = m->triangles();
    std::vector<std::uint8_t> keep(n, 1);
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> by_corners;  // sorted corners' hash → triangles
    const auto sorted = [m](std::size_t t) {
        std::array<std::uint32_t, 3> c = {m->faces[3 * t], m->faces[3 * t + 1], m->faces[3 * t + 2]};
        std::sort(c.begin(), c.end());
        return c;
    };
    const auto even = [m](std::size_t t) {  // the turn: the lowest corner first, then the next in order
        const std::uint32_t* f = &m->faces[3 * t];
        const int first = f[0] < f[1] ? (f[0] < f[2] ? 0 : 2) : (f[1] < f[2] ? 1 : 2);
        return f[(first + 1) % 3] < f[(first + 2) % 3];
    };
    for (std::size_t t = 0; t < n; ++t) {
        const auto c = sorted(t);
        if (c[0] == c[1] || c[1] == c[2]) {
            keep[t] = 0;
            continue;
        }
        auto& list = by_corners[(std::uint64_t(c[0]) * 0x9E3779B97F4A7C15ull) ^ (std::uint64_t(c[1]) << 21) ^ c[2]];
        bool cancelled = false;
        for (std::uint32_t& o : list)
            if (o != UINT32_MAX && keep[o] && sorted(o) == c && even(o) != even(t)) {
                keep[o] = keep[t] = 0, o = UINT32_MAX, cancelled = true;
                break;
            }
        if (!cancelled) list.push_back(std::uint32_t(t));
    }
    const bool parts = m->face_part.size() == n, others = m->face_other.size() == n;
    std::size_t out = 0;
    for (std::size_t t = 0; t < n; ++t) {
        if (!keep[t]) continue;
        for (std::size_t k = 0; k < 3; ++k) m->faces[3 * out + k] = m->faces[3 * t + k];
        if (parts) m->face_part[out] = m->face_part[t];
        if (others) m->face_other[out] = m->face_other[t];
        ++out;
    }
    m->faces.resize(3 * out);
    if (parts) m->face_part.resize(out);
    if (others) m->face_other.resize(out);
}

}  // namespace

std::size_t merge_label_zero_area(WorldMesh* m) {
    const std::size_t before = m->triangles();
    drop_collapsed(m);
    for (int round = 0; round < 32; ++round) {
        const Nodes n = nodes_of(*m);
        Roots roots(n.at.size());
        bool any = false;
        for (std::size_t t = 0; t < m->faces.size(); t += 3) {
            if (length(face_cross(*m, t)) / 2 >= kZeroArea) continue;
            any = true;
            const std::uint32_t v[3] = {n.of[m->faces[t]], n.of[m->faces[t + 1]], n.of[m->faces[t + 2]]};
            double len[3];
            for (int k = 0; k < 3; ++k) len[k] = length(n.at[v[(k + 1) % 3]] - n.at[v[k]]);
            const int shortest = int(std::min_element(len, len + 3) - len);
            for (int k = 0; k < 3; ++k)  // the shortest edge, and any other of no length
                if (k == shortest || len[k] == 0) roots.join(v[k], v[(k + 1) % 3]);
        }
        if (!any) break;
        // Each label's vertex at a merged node: the label's first vertex there, at the node kept.
        std::vector<std::uint32_t> part(m->positions.size(), 0);
        for (std::size_t t = 0; t < m->face_part.size() && t < m->triangles(); ++t)
            for (std::size_t k = 0; k < 3; ++k) part[m->faces[3 * t + k]] = m->face_part[t];
        std::unordered_map<std::uint64_t, std::uint32_t> first;  // (part, node) → vertex
        std::vector<std::uint32_t> to(m->positions.size());
        for (std::size_t v = 0; v < m->positions.size(); ++v) {
            const std::uint32_t root = roots.find(n.of[v]);
            to[v] = first.emplace(std::uint64_t(part[v]) << 32 | root, std::uint32_t(v)).first->second;
            m->positions[v] = n.at[root];
        }
        for (std::uint32_t& v : m->faces) v = to[v];
        drop_collapsed(m);
    }
    drop_unused_vertices(m);
    return before - m->triangles();
}

}  // namespace hp

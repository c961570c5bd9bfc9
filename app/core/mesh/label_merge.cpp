#include "label_merge.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <unordered_map>
#include <vector>

#include "mesh_process.h"

namespace hp {

LabelNodes label_nodes(const WorldMesh& m) {
    // Open addressing over the positions' bits (a table of twice the vertices, a power of two).
    const auto bits = [](double d) {
        std::uint64_t u;
        std::memcpy(&u, &d, 8);
        return u;
    };
    const auto hash = [&](const Vec3& p) {
        std::uint64_t h = bits(p.x + 0.0) * 0x9E3779B97F4A7C15ull;  // + 0.0: −0 is 0
        h = (h ^ (h >> 29) ^ bits(p.y + 0.0)) * 0xBF58476D1CE4E5B9ull;
        h = (h ^ (h >> 31) ^ bits(p.z + 0.0)) * 0x94D049BB133111EBull;
        return h ^ (h >> 32);
    };
    std::size_t size = 16;
    while (size < 2 * m.positions.size()) size *= 2;
    std::vector<std::uint32_t> table(size, 0xffffffffu);
    LabelNodes n;
    n.of.resize(m.positions.size());
    for (std::size_t v = 0; v < m.positions.size(); ++v) {
        const Vec3& p = m.positions[v];
        std::size_t slot = hash(p) & (size - 1);
        while (table[slot] != 0xffffffffu) {
            const Vec3& q = n.at[table[slot]];
            if (q.x == p.x && q.y == p.y && q.z == p.z) break;
            slot = (slot + 1) & (size - 1);
        }
        if (table[slot] == 0xffffffffu) table[slot] = std::uint32_t(n.at.size()), n.at.push_back(p);
        n.of[v] = table[slot];
    }
    return n;
}

std::vector<CornerKey> triangles_by_corners(const WorldMesh& m, const std::vector<std::uint32_t>* node_of) {
    std::vector<CornerKey> keys(m.triangles());
    for (std::size_t t = 0; t < keys.size(); ++t) {
        std::uint32_t c[3];
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = m.faces[3 * t + std::size_t(k)];
            c[k] = node_of ? (*node_of)[v] : v;
        }
        if (c[0] > c[1]) std::swap(c[0], c[1]);
        if (c[1] > c[2]) std::swap(c[1], c[2]);
        if (c[0] > c[1]) std::swap(c[0], c[1]);
        keys[t] = {c[0], c[1], c[2], std::uint32_t(t)};
    }
    std::sort(keys.begin(), keys.end(), [](const CornerKey& x, const CornerKey& y) {
        return x.a != y.a ? x.a < y.a : x.b != y.b ? x.b < y.b : x.c != y.c ? x.c < y.c : x.t < y.t;
    });
    return keys;
}

namespace {

struct Roots {  // union-find over the nodes; the root's place is the merged node's
    explicit Roots(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    std::uint32_t find(std::uint32_t v) {
        while (parent[v] != v) v = parent[v] = parent[parent[v]];
        return v;
    }
    void join(std::uint32_t gone, std::uint32_t kept) {  // gone's node goes to kept's place
        gone = find(gone), kept = find(kept);
        if (gone != kept) parent[gone] = kept;
    }
    std::vector<std::uint32_t> parent;
};

// Drops the triangles with a repeated vertex and pairs over the same three vertices turned
// opposite ways (a label's vertices are its own: such a pair is one label's fold); the
// triangles' parts and other sides follow them.
void drop_collapsed(WorldMesh* m) {
    const std::size_t n = m->triangles();
    std::vector<std::uint8_t> keep(n, 1);
    const auto even = [m](std::size_t t) {  // the turn: the lowest corner first, then the next in order
        const std::uint32_t* f = &m->faces[3 * t];
        const int first = f[0] < f[1] ? (f[0] < f[2] ? 0 : 2) : (f[1] < f[2] ? 1 : 2);
        return f[(first + 1) % 3] < f[(first + 2) % 3];
    };
    const std::vector<CornerKey> keys = triangles_by_corners(*m, nullptr);
    for (std::size_t i = 0; i < keys.size();) {
        std::size_t e = i + 1;
        while (e < keys.size() && keys[e].same_corners(keys[i])) ++e;
        if (keys[i].a == keys[i].b || keys[i].b == keys[i].c) {
            for (std::size_t k = i; k < e; ++k) keep[keys[k].t] = 0;
        } else {
            for (std::size_t k = i; k < e; ++k)  // in the triangles' order: each cancels the first opposite left
                for (std::size_t j = i; j < k && keep[keys[k].t]; ++j)
                    if (keep[keys[j].t] && even(keys[j].t) != even(keys[k].t)) keep[keys[j].t] = keep[keys[k].t] = 0;
        }
        i = e;
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
        const LabelNodes n = label_nodes(*m);
        Roots roots(n.at.size());
        bool any = false;
        for (std::size_t t = 0; t < m->faces.size(); t += 3) {
            if (length(face_cross(*m, t)) / 2 >= kZeroArea) continue;
            any = true;
            const std::uint32_t v[3] = {n.of[m->faces[t]], n.of[m->faces[t + 1]], n.of[m->faces[t + 2]]};
            double len[3];
            for (int k = 0; k < 3; ++k) len[k] = length(n.at[v[(k + 1) % 3]] - n.at[v[k]]);
            const int shortest = int(std::min_element(len, len + 3) - len);
            const int longest = int(std::max_element(len, len + 3) - len);
            const std::uint32_t middle = v[(longest + 2) % 3];  // of three points on a line: it goes
            for (int k = 0; k < 3; ++k)  // the shortest edge, and any other of no length
                if (k == shortest || len[k] == 0) {
                    const std::uint32_t a = v[k], b = v[(k + 1) % 3];
                    a == middle ? roots.join(a, b) : roots.join(b, a);
                }
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

// Step 4 of mesh_process.h: no zero-area triangles, no edge held by more than two triangles.
#include "mesh_process.h"

#include <algorithm>
#include <utility>

#include "mesh_edges.h"

namespace hp {
namespace {

constexpr double kSeparation = 1e-3;  // mm: split_nonmanifold_edges' sheets apart

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
    // Sorted by their three vertices (stably: the faces' order within a run), packed into 63 bits
    // where they fit (under 2^21 vertices), else compared as they are.
    const int bits = bits_for(std::uint32_t(m->positions.empty() ? 0 : m->positions.size() - 1));
    if (3 * bits <= 63)
        radix_sort(&tris, 3 * bits, [bits](const Tri& t) {
            return (std::uint64_t(t.v[0]) << bits | t.v[1]) << bits | t.v[2];
        });
    else
        std::stable_sort(tris.begin(), tris.end(), [](const Tri& x, const Tri& y) {
            return std::lexicographical_compare(x.v, x.v + 3, y.v, y.v + 3);
        });
    std::vector<std::uint32_t> even, odd;
    for (std::size_t i = 0; i < tris.size();) {
        std::size_t j = i + 1;
        while (j < tris.size() && std::equal(tris[i].v, tris[i].v + 3, tris[j].v)) ++j;
        if (j - i > 1) {  // cancel opposite pairs within the run
            even.clear(), odd.clear();
            for (std::size_t k = i; k < j; ++k) (tris[k].even ? even : odd).push_back(tris[k].face);
            for (std::size_t k = 0; k < std::min(even.size(), odd.size()); ++k) keep[even[k]] = keep[odd[k]] = 0;
        }
        i = j;
    }
    keep_faces(m, keep);
}

}  // namespace

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

void keep_sound(WorldMesh* m, StepsDone* d) {
    d->zero_area_merged += merge_zero_area(m);
    d->vertices_split += split_nonmanifold_edges(m);
}

}  // namespace hp

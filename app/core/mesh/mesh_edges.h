// What the mesh steps share (internal to mesh_process.cpp, mesh_sound.cpp and label_steps.cpp):
// a union-find, a mesh's edges sorted into runs (one a border edge, two a manifold one, three or
// more a non-manifold one), its edge-connected pieces, and dropping triangles.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "world_mesh.h"

namespace hp {

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

// Sorts v stably by key(item) (a std::uint64_t below 2^bits): least significant digit first,
// 11 bits a pass; a few times faster than std::sort on a surface's millions of items.
template <typename T, typename Key>
void radix_sort(std::vector<T>* v, int bits, Key&& key) {
    constexpr int kDigit = 11;
    constexpr std::uint64_t kMask = (1u << kDigit) - 1;
    std::vector<T> other(v->size());
    std::vector<std::size_t> count(std::size_t(1) << kDigit);
    for (int shift = 0; shift < bits; shift += kDigit) {
        std::fill(count.begin(), count.end(), 0);
        for (const T& x : *v) ++count[(key(x) >> shift) & kMask];
        std::size_t sum = 0;
        for (std::size_t& c : count) sum += c, c = sum - c;
        for (const T& x : *v) other[count[(key(x) >> shift) & kMask]++] = x;
        v->swap(other);
    }
}
// The bits that hold every index up to `top`.
inline int bits_for(std::uint32_t top) {
    int bits = 1;
    while (bits < 32 && (top >> bits) != 0) ++bits;
    return bits;
}

// Every triangle's edges, sorted by their (lower, higher) vertex pair: a run of one is a
// border edge, of two a manifold one, of three or more a non-manifold one.
struct EdgeRun {
    std::uint64_t key;  // lower << 32 | higher
    std::uint32_t face;
    bool operator<(const EdgeRun& o) const { return key < o.key || (key == o.key && face < o.face); }
};
std::vector<EdgeRun> sorted_edges(const WorldMesh& m);
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
std::vector<std::uint32_t> piece_of_faces(const WorldMesh& m, const std::vector<EdgeRun>& edges);
// The signed volume the triangle at faces[t] adds (its tetrahedron with `origin`), times 6.
double tetra6(const WorldMesh& m, std::size_t t, const Vec3& origin);
// Keeps the triangles f with keep[f] (the vertices stay).
void keep_faces(WorldMesh* m, const std::vector<std::uint8_t>& keep);

}  // namespace hp

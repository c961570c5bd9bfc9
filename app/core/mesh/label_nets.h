// The surface of a label map (classify=labels): one closed mesh per label, every label from one
// classification and one compaction, the interface between two labels the same triangles in
// both meshes (opposite winding), also where three or more labels meet in a cell. The method is
// surface nets over labels (as Frisken's "SurfaceNets for multi-label segmentations", without
// her relaxation):
//  - a voxel's label is its value (exact in a float up to 2^24); 0 is the background, and so is
//    everything past the volume's faces (the meshes are capped there);
//  - each dual cell (the cube between eight voxel centres, its lowest corner c, from −1 to the
//    volume's size on each axis) whose corners hold more than one label gets one vertex, shared
//    by every label there: c plus the mean of the midpoints of its edges whose two ends differ;
//  - each voxel face between a voxel of label L ≠ 0 and a neighbour of another label (or the
//    background) is a quad of the four dual cells around that face, two triangles split on one
//    fixed diagonal, counter-clockwise seen from outside L. The neighbour's mesh has the same
//    quad the other way round: the same vertices, the same diagonal.
// Each label's mesh is the boundary of the union of its voxels' cubes with their corners moved,
// so it is closed; it is 2-manifold but where the label's voxels meet only along an edge or at
// a corner. The normal at a cell's vertex for label L is minus the gradient of L's indicator
// over the cell's corners, normalized (zero stays zero).
//
// The stream of this mode lists voxels, not cells: a voxel is active when it holds a label and a
// face neighbour holds another; its entry is (x, y, z, label) and it owns the quads of its
// differing faces, 6 vertices a face (a soup, like the marching-cubes surface). The faces in
// order −x, +x, −y, +y, −z, +z. Each triangle carries the label on its other side (the face's
// neighbour; 0 the background): on the GPU in the normal's w. Shaders (shaders/labels.glsl,
// labels.wgsl) do the same arithmetic in the same order.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

#include "cpu_reference.h"
#include "label_faces.h"
#include "marching_cubes.h"

namespace hp::labels {

inline int vertex_count(int mask) { return 6 * face_count(mask); }

// The vertex of dual cell c (lowest corner) for label `l`: position (voxel units) and normal.
template <typename Field>
void cell_vertex(const Field& label, const int c[3], float l, float* position, float* normal) {
    float corner[8];
    for (int k = 0; k < 8; ++k)
        corner[k] = label(c[0] + kCellCorners[std::size_t(k)].x, c[1] + kCellCorners[std::size_t(k)].y,
                          c[2] + kCellCorners[std::size_t(k)].z);
    float s[3] = {0, 0, 0};
    int n = 0;
    for (const auto& e : mc::kEdgeCorners) {
        if (corner[e[0]] == corner[e[1]]) continue;
        const Voxel &a = kCellCorners[std::size_t(e[0])], &b = kCellCorners[std::size_t(e[1])];
        s[0] += 0.5f * float(a.x + b.x), s[1] += 0.5f * float(a.y + b.y), s[2] += 0.5f * float(a.z + b.z);
        ++n;
    }
    float g[3] = {0, 0, 0};
    for (int k = 0; k < 8; ++k) {
        if (corner[k] != l) continue;
        g[0] += kCellCorners[std::size_t(k)].x ? 1.0f : -1.0f;
        g[1] += kCellCorners[std::size_t(k)].y ? 1.0f : -1.0f;
        g[2] += kCellCorners[std::size_t(k)].z ? 1.0f : -1.0f;
    }
    const float len = std::sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
    for (int i = 0; i < 3; ++i) {
        position[i] = float(c[i]) + (n > 0 ? s[i] / float(n) : 0.5f);
        normal[i] = len > 0 ? -g[i] / len : 0.0f;
    }
}

// Which quad corner each of a face's 6 vertices is (two triangles on the diagonal 0–2), for a
// face on the + side of its axis and on the − side (the other way round).
constexpr int kQuadPlus[6] = {0, 1, 2, 0, 2, 3};
constexpr int kQuadMinus[6] = {0, 2, 1, 0, 3, 2};

// The dual cell at quad corner q of face f of voxel v: the cells around the edge from v to its
// neighbour, axes (a, b, c) cyclic; corners 0..3 at (b−1, c−1), (b, c−1), (b, c), (b−1, c).
inline void face_cell(const int v[3], int f, int q, int cell[3]) {
    const int a = f >> 1, b = (a + 1) % 3, c = (a + 2) % 3;
    cell[a] = v[a] - ((f & 1) ? 0 : 1);
    cell[b] = v[b] - ((q == 0 || q == 3) ? 1 : 0);
    cell[c] = v[c] - ((q == 0 || q == 1) ? 1 : 0);
}

// The face (0..5) of vertex j of a voxel whose faces are `mask`: the (j / 6)-th set bit.
inline int vertex_face(int mask, int j) {
    int k = j / 6, f = 0;
    for (;; ++f)
        if (((mask >> f) & 1) && k-- == 0) return f;
}

// The label on the other side of face f of voxel v (0: the background, or past the volume):
// what each triangle of that face has on its other side, the label whose mesh holds the same
// triangle the other way round (none for 0), as vtkSurfaceNets3D keeps a boundary's label pair.
template <typename Field>
float across(const Field& label, const int v[3], int f) {
    int n[3] = {v[0], v[1], v[2]};
    n[f >> 1] += (f & 1) ? 1 : -1;
    return label(n[0], n[1], n[2]);
}

// Vertex j (0 ≤ j < vertex_count(mask)) of voxel v, whose faces are `mask` and label `l`.
// other: the label across its face (across()).
template <typename Field>
void vertex(const Field& label, const int v[3], int mask, float l, int j, float* position, float* normal,
            int* cell_out = nullptr, float* other = nullptr) {
    const int f = vertex_face(mask, j);
    const int q = (f & 1) ? kQuadPlus[j % 6] : kQuadMinus[j % 6];
    int cell[3];
    face_cell(v, f, q, cell);
    cell_vertex(label, cell, l, position, normal);
    if (cell_out) cell_out[0] = cell[0], cell_out[1] = cell[1], cell_out[2] = cell[2];
    if (other) *other = across(label, v, f);
}

}  // namespace hp::labels

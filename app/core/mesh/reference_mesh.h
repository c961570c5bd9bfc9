// The CPU reference of the surface stages: the mesh the GPU must extract, vertex for vertex.
// Cells: those active in surface classification, in stream order (Morton order of their
// atlas texels); inside a cell, the marching-cubes table's order for its case. Vertex j of a
// cell with case c lies on edge e = table[c][j], from its lower end a to b (marching_cubes.h):
//   t = (iso − v_a) / (v_b − v_a),  position = p_a + t · (p_b − p_a)   (voxel units)
//   normal = −(g_a + t · (g_b − g_a)), normalized (zero stays zero), where g is the field's
//   gradient by central differences, neighbours clamped to the volume: g.x = f(x+1) − f(x−1).
// Float arithmetic in that order, as the shaders do it (shaders/emit_mesh_vertex.glsl).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "atlas_layout.h"
#include "cpu_reference.h"
#include "marching_cubes.h"

namespace hp {

struct MeshData {
    std::uint32_t vertices = 0;          // the true total
    std::vector<float> positions, normals;  // 3 floats a vertex, min(limit, vertices) vertices
    std::vector<float> labels;              // classify=labels: each vertex's label
    std::vector<float> other_labels;        // classify=labels: each whole triangle's other side (label_nets.h)
};

// A triangle's value from its vertices' (three consecutive a triangle; a last, partial one left
// out): theirs where the three agree, NaN where they do not (the GPU writes the other side's
// label with each vertex).
std::vector<float> per_triangle(const std::vector<float>& per_vertex);

MeshData reference_mesh(const AtlasLayout& l, const float* atlas, float iso, std::uint32_t limit = UINT32_MAX);
// The label surface of classify=labels (label_nets.h): the active voxels in stream order, each
// voxel's vertices in its faces' order.
MeshData reference_label_mesh(const AtlasLayout& l, const float* atlas, std::uint32_t limit = UINT32_MAX);

// Position and normal of vertex `index` of the cell at v (case c); 3 floats each.
void mesh_vertex(const AtlasLayout& l, const float* atlas, float iso, Voxel v, int c, int index, float* position,
                 float* normal);

// The vertex on edge `edge` of the cell whose lowest corner is `cell`, as above: field(x, y, z)
// is a corner's value (the caller clamps what lies past its grid), the position is less
// `offset` on every axis (a padded grid's). The reference mesh and the mesh files
// (mesh_export.cpp) both take their vertices from here.
template <typename Field>
void edge_vertex(const Field& field, Voxel cell, int edge, float iso, int offset, float* position, float* normal) {
    const Voxel& ca = kCellCorners[std::size_t(mc::kEdgeCorners[std::size_t(edge)][0])];
    const Voxel& cb = kCellCorners[std::size_t(mc::kEdgeCorners[std::size_t(edge)][1])];
    const int a[3] = {cell.x + ca.x, cell.y + ca.y, cell.z + ca.z}, b[3] = {cell.x + cb.x, cell.y + cb.y, cell.z + cb.z};
    const float va = field(a[0], a[1], a[2]), vb = field(b[0], b[1], b[2]);
    const float t = (iso - va) / (vb - va);
    const auto gradient = [&](const int* p, int axis) {  // central differences along one axis
        int lo[3] = {p[0], p[1], p[2]}, hi[3] = {p[0], p[1], p[2]};
        --lo[axis], ++hi[axis];
        return field(hi[0], hi[1], hi[2]) - field(lo[0], lo[1], lo[2]);
    };
    float n[3];
    for (int i = 0; i < 3; ++i) {
        position[i] = float(a[i] - offset) + t * (float(b[i]) - float(a[i]));
        const float ga = gradient(a, i), gb = gradient(b, i);
        n[i] = -(ga + t * (gb - ga));
    }
    const float len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    for (int i = 0; i < 3; ++i) normal[i] = len > 0 ? n[i] / len : 0.0f;
}

}  // namespace hp

// The CPU reference of the surface stages: the mesh the GPU must extract, vertex for vertex.
// Cells: those active in surface classification, in stream order (Morton order of their
// atlas texels); inside a cell, the marching-cubes table's order for its case. Vertex j of a
// cell with case c lies on edge e = table[c][j], from its lower end a to b (marching_cubes.h):
//   t = (iso − v_a) / (v_b − v_a),  position = p_a + t · (p_b − p_a)   (voxel units)
//   normal = −(g_a + t · (g_b − g_a)), normalized (zero stays zero), where g is the field's
//   gradient by central differences, neighbours clamped to the volume: g.x = f(x+1) − f(x−1).
// Float arithmetic in that order, as the shaders do it (shaders/emit_mesh_vertex.glsl).
#pragma once

#include <cstdint>
#include <vector>

#include "atlas_layout.h"

namespace hp {

struct MeshData {
    std::uint32_t vertices = 0;          // the true total
    std::vector<float> positions, normals;  // 3 floats a vertex, min(limit, vertices) vertices
};

MeshData reference_mesh(const AtlasLayout& l, const float* atlas, float iso, std::uint32_t limit = UINT32_MAX);

// Position and normal of vertex `index` of the cell at v (case c); 3 floats each.
void mesh_vertex(const AtlasLayout& l, const float* atlas, float iso, Voxel v, int c, int index, float* position,
                 float* normal);

}  // namespace hp

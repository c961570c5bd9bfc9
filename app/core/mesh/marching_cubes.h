// The marching-cubes tables: for each of the 256 cases (bit i set where corner i < iso, corners
// in kCellCorners' order) the triangles that approximate the surface inside the cell, as
// triples of edges, in the classic table of Lorensen and Cline as Paul Bourke publishes it
// ("Polygonising a scalar field", his 12-edge numbering). The CPU reference, the WebGL2
// shaders (uploaded as textures) and the WebGPU kernels (a storage buffer) all read these.
#pragma once

#include <array>
#include <cstdint>

namespace hp::mc {

// Edge e runs from corner kEdgeCorners[e][0] to corner kEdgeCorners[e][1], one step along
// +x, +y or +z: e0–e3 the z = 0 face, e4–e7 the z = 1 face, e8–e11 the four edges along z.
// A vertex interpolates from the edge's lower end, so the four cells that share an edge
// compute its vertex with the same arithmetic, bit for bit: what the WebGPU surface's shared
// vertices (one per crossing edge) rely on.
constexpr std::array<std::array<int, 2>, 12> kEdgeCorners = {{
    {0, 1}, {1, 2}, {3, 2}, {0, 3}, {4, 5}, {5, 6}, {7, 6}, {4, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7},
}};

constexpr int kMaxVertices = 15;  // 5 triangles

// 256 × 16 edges, row c the case's vertices in order (three a triangle), -1 past the last.
const std::int8_t* triangle_table();
int vertex_count(int mc_case);  // 3 × triangles, 0 to 15
inline int triangle_count(int mc_case) { return vertex_count(mc_case) / 3; }
inline int triangle_edge(int mc_case, int i) { return triangle_table()[16 * mc_case + i]; }
// The edges the surface crosses in a case: bit e set where edge e's corners straddle iso.
int crossed_edges(int mc_case);

}  // namespace hp::mc

// The marching-cubes tables (app/core/mesh/marching_cubes.h: Lorensen and Cline's, in Paul
// Bourke's 12-edge numbering), uploaded once as small integer textures, and the cell's
// geometry. After volume.glsl.
uniform highp usampler2D uMcCounts;  // 256×1: the vertices (3 × triangles) of each case
uniform highp isampler2D uMcEdges;   // 16×256: texel (i, c) is the edge of vertex i of case c

// Corner i of a cell (the order of cell_case's bits) and edge e's two corners, the lower end
// first (one step along +x, +y or +z): positions interpolate from it, so every cell sharing an
// edge computes its vertex bit for bit alike (app/core/mesh/marching_cubes.h).
const ivec3 kMcCorner[8] = ivec3[8](ivec3(0, 0, 0), ivec3(1, 0, 0), ivec3(1, 1, 0), ivec3(0, 1, 0),
                                    ivec3(0, 0, 1), ivec3(1, 0, 1), ivec3(1, 1, 1), ivec3(0, 1, 1));
const ivec2 kMcEdgeCorners[12] = ivec2[12](ivec2(0, 1), ivec2(1, 2), ivec2(3, 2), ivec2(0, 3),
                                           ivec2(4, 5), ivec2(5, 6), ivec2(7, 6), ivec2(4, 7),
                                           ivec2(0, 4), ivec2(1, 5), ivec2(2, 6), ivec2(3, 7));

uint mc_vertex_count(int mc_case) { return texelFetch(uMcCounts, ivec2(mc_case, 0), 0).r; }
int mc_edge(int mc_case, int vertex) { return texelFetch(uMcEdges, ivec2(vertex, mc_case), 0).r; }


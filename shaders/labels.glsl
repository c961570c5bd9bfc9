// The label map's surface (classify=labels), after volume.glsl and mc_tables.glsl: surface nets
// over labels, the arithmetic of app/core/mesh/label_nets.h (which says the method) in the same
// order. A dual cell's vertex is shared by every label there; a voxel face between two labels
// is a quad of the four cells around it, split on its 0–2 diagonal.
const int kQuadPlus[6] = int[6](0, 1, 2, 0, 2, 3);
const int kQuadMinus[6] = int[6](0, 2, 1, 0, 3, 2);

// The vertex of the dual cell whose lowest corner is c, for label l.
void label_cell_vertex(ivec3 c, float l, out vec3 position, out vec3 normal) {
    float corner[8];
    for (int k = 0; k < 8; ++k) corner[k] = label_at(c + kMcCorner[k]);
    vec3 s = vec3(0.0);
    int n = 0;
    for (int e = 0; e < 12; ++e) {
        ivec2 ab = kMcEdgeCorners[e];
        if (corner[ab.x] == corner[ab.y]) continue;
        s += 0.5 * vec3(kMcCorner[ab.x] + kMcCorner[ab.y]);
        ++n;
    }
    vec3 g = vec3(0.0);
    for (int k = 0; k < 8; ++k)
        if (corner[k] == l) g += vec3(kMcCorner[k]) * 2.0 - 1.0;
    float len = length(g);
    position = vec3(c) + (n > 0 ? s / float(n) : vec3(0.5));
    normal = len > 0.0 ? -g / len : vec3(0.0);
}

// Vertex j of voxel v (label l, faces `mask`): face (j / 6)-th of the mask, quad corner by j % 6;
// other: the label across that face (0: the background), its triangles' other side.
void label_vertex(ivec3 v, int mask, float l, int j, out vec3 position, out vec3 normal, out float other) {
    int k = j / 6, f = 0;
    for (; f < 5; ++f) {
        if (((mask >> f) & 1) == 0) continue;
        if (k == 0) break;
        --k;
    }
    int q = (f & 1) != 0 ? kQuadPlus[j % 6] : kQuadMinus[j % 6];
    int a = f >> 1;
    ivec3 cell = v;
    cell[a] -= (f & 1) != 0 ? 0 : 1;
    cell[(a + 1) % 3] -= (q == 0 || q == 3) ? 1 : 0;
    cell[(a + 2) % 3] -= (q == 0 || q == 1) ? 1 : 0;
    label_cell_vertex(cell, l, position, normal);
    ivec3 across = v;
    across[a] += (f & 1) != 0 ? 1 : -1;
    other = label_at(across);
}

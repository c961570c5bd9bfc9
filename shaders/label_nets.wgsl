// The label map's surface (classify=labels): surface nets over labels, the arithmetic of
// app/core/mesh/label_nets.h (which says the method) and shaders/labels.glsl in the same order.
// A dual cell's vertex is shared by every label there; a voxel face between two labels is a
// quad of the four cells around it, split on its 0–2 diagonal. The position's w is the label,
// the normal's the label across the vertex's face (0: the background), its triangles' other side.
// Reads `label_at(p)` (0 past the volume), the includer's: the atlas's (labels.wgsl) or a
// brick slot's (brick_label_cells.wgsl).
//!include mc_tables.wgsl
//!include mc_vertex.wgsl
var<private> kQuadPlus: array<u32, 6> = array<u32, 6>(0u, 1u, 2u, 0u, 2u, 3u);
var<private> kQuadMinus: array<u32, 6> = array<u32, 6>(0u, 2u, 1u, 0u, 3u, 2u);

// The vertex of the dual cell whose lowest corner is c, for label l.
fn label_cell_vertex(c: vec3<i32>, l: f32) -> McVertex {
    var corner: array<f32, 8>;
    for (var k = 0; k < 8; k++) { corner[k] = label_at(c + kMcCorner[k]); }
    var s = vec3<f32>(0.0);
    var n = 0;
    for (var e = 0; e < 12; e++) {
        let ab = kMcEdgeCorners[e];
        if (corner[ab.x] == corner[ab.y]) { continue; }
        s += 0.5 * vec3<f32>(kMcCorner[ab.x] + kMcCorner[ab.y]);
        n++;
    }
    var g = vec3<f32>(0.0);
    for (var k = 0; k < 8; k++) {
        if (corner[k] == l) { g += vec3<f32>(kMcCorner[k]) * 2.0 - 1.0; }
    }
    let len = length(g);
    let p = vec3<f32>(c) + select(vec3<f32>(0.5), s / f32(n), n > 0);
    return McVertex(vec4<f32>(p, l), vec4<f32>(select(vec3<f32>(0.0), -g / len, len > 0.0), 0.0));
}

// Vertex j of voxel v (label l, faces `mask`): face (j / 6)-th of the mask, quad corner by j % 6.
fn label_vertex(v: vec3<i32>, mask: u32, l: f32, j: u32) -> McVertex {
    var k = j / 6u;
    var f = 0u;
    for (; f < 5u; f++) {
        if (((mask >> f) & 1u) == 0u) { continue; }
        if (k == 0u) { break; }
        k--;
    }
    let plus = (f & 1u) != 0u;
    let q = select(kQuadMinus[j % 6u], kQuadPlus[j % 6u], plus);
    let a = f >> 1u;
    var cell = v;
    cell[a] -= select(1, 0, plus);
    cell[(a + 1u) % 3u] -= select(0, 1, q == 0u || q == 3u);
    cell[(a + 2u) % 3u] -= select(0, 1, q == 0u || q == 1u);
    var m = label_cell_vertex(cell, l);
    var across = v;
    across[a] += select(-1, 1, plus);
    m.normal.w = label_at(across);
    return m;
}

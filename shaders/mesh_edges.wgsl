// Shared vertices' bookkeeping: each volume point p owns the
// edges that leave it along +x, +y and +z (those inside the volume), so every edge has one
// owner. An edge crosses where its two ends lie on either side of iso (cell_case's test) and
// then holds one vertex. A point's crossing edges are numbered in axis order: the vertex of
// edge (p, axis) is p's first vertex key plus how many of p's edges along lower axes cross.
//!include volume.wgsl
//!include cells.wgsl
var<private> kAxis: array<vec3<i32>, 3> = array<vec3<i32>, 3>(vec3<i32>(1, 0, 0), vec3<i32>(0, 1, 0),
                                                                vec3<i32>(0, 0, 1));

// Bit a set where p's edge along axis a crosses iso.
fn point_crossings(p: vec3<i32>) -> u32 {
    let below = value_at(p) < u.iso;
    var bits = 0u;
    for (var a = 0u; a < 3u; a++) {
        let q = p + kAxis[a];
        if (all(q < u.dims) && (value_at(q) < u.iso) != below) { bits |= 1u << a; }
    }
    return bits;
}

// The crossing edges the point at v (voxel_of's result) owns: its vertex count.
fn point_vertices(v: vec4<i32>) -> u32 {
    if (v.w == 0) { return 0u; }
    return countOneBits(point_crossings(v.xyz));
}

// The axis of a cell edge from corner a to corner b (kMcCorner offsets, b − a one step).
fn edge_axis(d: vec3<i32>) -> u32 { return select(select(2u, 1u, d.y != 0), 0u, d.x != 0); }

// The place of edge (p, axis) among p's crossing edges.
fn edge_rank(p: vec3<i32>, axis: u32) -> u32 {
    return countOneBits(point_crossings(p) & ((1u << axis) - 1u));
}

// Shared vertices: the triangles of one cell as indices (the kernel declares `edge_offsets` and
// `indices`): the cell at v with case c writes its `count` indices at keys first .. first +
// count − 1 (the soup's keys), in the table's order; keys past `capacity` are not written.
// Vertex j lies on edge (p, axis), p the edge's lower end: its index is p's first vertex key
// (edge_offsets at p's Morton index) plus the edge's rank among p's crossing edges.
// mesh_indices.wgsl and mesh_indices_stream.wgsl both call it.
//!include volume.wgsl
//!include cells.wgsl
//!include mc_tables.wgsl
//!include mesh_edges.wgsl
fn emit_indices(v: vec3<i32>, c: u32, count: u32, first: u32, capacity: u32) {
    for (var j = 0u; j < count; j++) {
        let key = first + j;
        if (key >= capacity) { return; }
        let ab = kMcEdgeCorners[mc_edge(c, j)];
        let p = v + kMcCorner[ab.x];
        let axis = edge_axis(kMcCorner[ab.y] - kMcCorner[ab.x]);
        indices[key] = edge_offsets[morton_encode(vec2<u32>(atlas_texel(p)))] + edge_rank(p, axis);
    }
}

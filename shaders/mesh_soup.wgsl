// The soup's vertices of one cell (the kernel declares `positions` and `normals`): the cell at v
// with case c has `count` vertices, at keys first .. first + count − 1, in the table's order;
// keys past `capacity` are not written. Each is mc_vertex's on the table's edge (a vertex shared
// by up to four cells is computed by each of them). The texel-driven and the stream-driven
// extractions (mesh_extract.wgsl, mesh_extract_stream.wgsl) both call it.
//!include volume.wgsl
//!include cells.wgsl
//!include mc_tables.wgsl
//!include mesh_vertex.wgsl
//!include labels.wgsl
fn emit_soup(v: vec3<i32>, c: u32, count: u32, first: u32, capacity: u32) {
    for (var j = 0u; j < count; j++) {
        let key = first + j;
        if (key >= capacity) { return; }
        let ab = kMcEdgeCorners[mc_edge(c, j)];
        let m = mc_vertex(v + kMcCorner[ab.x], v + kMcCorner[ab.y]);
        positions[key] = m.position;
        normals[key] = m.normal;
    }
}

// Labels mode: the voxel at v's vertices (its faces between labels, 6 a face), the label in the
// position's w, the label on the face's other side in the normal's.
fn emit_label_soup(v: vec3<i32>, count: u32, first: u32, capacity: u32) {
    let mask = label_faces(v);
    let l = value_at(v);
    for (var j = 0u; j < count; j++) {
        let key = first + j;
        if (key >= capacity) { return; }
        let m = label_vertex(v, mask, l, j);
        positions[key] = m.position;
        normals[key] = m.normal;
    }
}

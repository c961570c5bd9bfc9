// Labels mode (classify=labels): the faces of voxel v whose neighbour holds another label (bit
// f: axis f / 2, + side f & 1; 0 for the background) and the vertices they take, 6 a face (a
// quad). Reads `label_at(p)` (0 past the volume), the includer's: the atlas's (cells.wgsl) or a
// brick slot's (brick_label_cells.wgsl).
fn label_faces(v: vec3<i32>) -> u32 {
    let l = label_at(v);
    if (l == 0.0) { return 0u; }
    var m = 0u;
    for (var f = 0u; f < 6u; f++) {
        var n = v;
        n[f >> 1u] += select(-1, 1, (f & 1u) != 0u);
        if (label_at(n) != l) { m |= 1u << f; }
    }
    return m;
}

fn label_vertex_count(mask: u32) -> u32 { return 6u * countOneBits(mask); }

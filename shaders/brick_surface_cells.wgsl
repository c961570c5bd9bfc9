// The bricked surface's cells (brick_slots.wgsl's {brick_cells} for classify=surface): a cell's
// case from its slot, its vertex count and its vertices, as the unbricked surface's.
//!include mc_tables.wgsl
// Cell `c` of an entry's brick (brick_slots.wgsl's BrickCell) and its case: bit i set where
// corner i is below the iso (volume.wgsl's cell_case); 0 past the volume's last cells.
fn brick_cell(origin: vec3<i32>, slot: u32, c: u32) -> BrickCell {
    var out = brick_place(origin, c);
    if (any(out.cell >= bk.dims - 1)) { return out; }
    for (var i = 0u; i < 8u; i++) {
        if (slot_at(slot, origin, out.local + kMcCorner[i]) < bk.iso) { out.mc_case |= 1u << i; }
    }
    return out;
}

fn brick_cell_vertices(k: BrickCell) -> u32 { return u32(mc[k.mc_case]); }

fn slot_gradient(slot: u32, o: vec3<i32>, p: vec3<i32>) -> vec3<f32> {
    return vec3<f32>(slot_at(slot, o, p + vec3<i32>(1, 0, 0)) - slot_at(slot, o, p - vec3<i32>(1, 0, 0)),
                     slot_at(slot, o, p + vec3<i32>(0, 1, 0)) - slot_at(slot, o, p - vec3<i32>(0, 1, 0)),
                     slot_at(slot, o, p + vec3<i32>(0, 0, 1)) - slot_at(slot, o, p - vec3<i32>(0, 0, 1)));
}

// Vertex j of the cell, as reference_mesh.h computes it: on the table's edge, interpolated from
// its lower end; the normal from the gradients at both ends. Positions in the volume's voxels.
fn brick_vertex(slot: u32, k: BrickCell, j: u32) -> McVertex {
    let ab = kMcEdgeCorners[mc_edge(k.mc_case, j)];
    let ca = kMcCorner[ab.x];
    let cb = kMcCorner[ab.y];
    let o = k.cell - k.local;  // the brick's origin
    let va = slot_at(slot, o, k.local + ca);
    let vb = slot_at(slot, o, k.local + cb);
    let t = (bk.iso - va) / (vb - va);
    let ga = slot_gradient(slot, o, k.local + ca);
    let gb = slot_gradient(slot, o, k.local + cb);
    let n = -(ga + t * (gb - ga));
    let len = length(n);
    let pa = vec3<f32>(k.cell + ca);
    let pb = vec3<f32>(k.cell + cb);
    var v: McVertex;
    v.position = vec4<f32>(pa + t * (pb - pa), 1.0);
    v.normal = vec4<f32>(select(vec3<f32>(0.0), n / len, len > 0.0), 0.0);
    return v;
}

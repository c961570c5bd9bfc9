// classify=labels in bricks (brick_slots.wgsl's {brick_cells}): an entry's B³ voxels, those its
// brick owns (app/core/volume/brick_grid.h's label_bricks: the slot holds every voxel they
// read), each active where it holds a label and a face neighbour another (label_faces.wgsl),
// 6 vertices a face, and label_nets.wgsl's vertices (the label in the position's w, the other
// side's in the normal's): the unbricked label surface's, read from the slot.
//!include label_faces.wgsl
//!include label_nets.wgsl

// The slot and the brick's origin label_at reads, set before each use.
var<private> gSlot: u32;
var<private> gOrigin: vec3<i32>;

fn label_at(v: vec3<i32>) -> f32 {
    if (any(v < vec3<i32>(0)) || any(v >= bk.dims)) { return 0.0; }
    return slot_at(gSlot, gOrigin, v - gOrigin);
}

// Voxel `c` of an entry's brick (brick_slots.wgsl's BrickCell) and its faces toward other
// labels (none past the volume).
fn brick_cell(origin: vec3<i32>, slot: u32, c: u32) -> BrickCell {
    var out = brick_place(origin, c);
    if (any(out.cell >= bk.dims)) { return out; }
    gSlot = slot;
    gOrigin = origin;
    out.mc_case = label_faces(out.cell);
    return out;
}

fn brick_cell_vertices(k: BrickCell) -> u32 { return label_vertex_count(k.mc_case); }

fn brick_vertex(slot: u32, k: BrickCell, j: u32) -> McVertex {
    gSlot = slot;
    gOrigin = k.cell - k.local;
    return label_vertex(k.cell, k.mc_case, label_at(k.cell), j);
}

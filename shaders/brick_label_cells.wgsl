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

// Voxel `c` (x fastest) of an entry's brick: where it lies in the volume and in the brick, and
// its faces toward other labels (none past the volume).
struct BrickCell {
    cell: vec3<i32>,
    local: vec3<i32>,
    mc_case: u32,
}

fn brick_cell(origin: vec3<i32>, slot: u32, c: u32) -> BrickCell {
    let mask = u32(bk.side - 1);  // B is a power of two: the voxel's place by shifts
    var out: BrickCell;
    out.local = vec3<i32>(i32(c & mask), i32((c >> bk.side_shift) & mask), i32(c >> (2u * bk.side_shift)));
    out.cell = origin + out.local;
    out.mc_case = 0u;
    if (any(out.cell >= bk.dims)) { return out; }
    gSlot = slot;
    gOrigin = origin;
    out.mc_case = label_faces(out.cell);
    return out;
}

fn brick_cell_vertices(k: BrickCell) -> u32 { return label_vertex_count(k.mc_case); }

struct BrickVertex {
    position: vec4<f32>,
    normal: vec4<f32>,
}

fn brick_vertex(slot: u32, k: BrickCell, j: u32) -> BrickVertex {
    gSlot = slot;
    gOrigin = k.cell - k.local;
    let m = label_vertex(k.cell, k.mc_case, label_at(k.cell), j);
    return BrickVertex(m.position, m.normal);
}

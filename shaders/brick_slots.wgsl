// The bricked surface in WebGPU (app/webgpu/bricked_mesh.h): the WGSL twin of brick_cells.glsl
// and emit_brick_vertex.glsl. The pool is one storage buffer of slots, each `slot_words` u32
// holding a brick's voxels from one before its first to one past its apron (S = B + 3 a side,
// x fastest) in the volume's stored type, packed little-endian: four 8-bit values a word, two
// 16-bit ones, or one float32; the file's scaling (slope, intercept) is applied where a value is
// read, as the CPU reads it (voxel_values.h). A round's bricks are `entries`, each (brick,
// slot); a workgroup takes one entry and its B³ cells (or voxels), which {brick_cells} reads:
// brick_surface_cells.wgsl (marching cubes) or brick_label_cells.wgsl (classify=labels). Each
// kernel declares `bk: Bricks`, `mc` (mc_tables.wgsl) and `pool`.
//!include brick_state.wgsl
//!include {brick_values}
//!include {brick_cells}
//!include mc_vertex.wgsl

// Voxel i of slot `slot` (x fastest), in data units: an 8- or 16-bit value shifted to the top of
// its word and back (arithmetically where signed), or a float32 as it is. The type is the
// kernel's constant ({brick_values}: brick_values_u8.wgsl … _f32): no branch, no division.
fn pool_value(slot: u32, i: u32) -> f32 {
    let base = slot * bk.slot_words;
    if (kValueBits == 0u) { return bitcast<f32>(pool[base + i]); }
    const bits = max(kValueBits, 1u);  // (float32 returned above: 1 keeps the shifts valid)
    const per = 32u / bits;
    const drop = 32u - bits;
    let v = pool[base + i / per] << (drop - bits * (i % per));
    var x: f32;
    if (kValueSigned) { x = f32(bitcast<i32>(v) >> drop); } else { x = f32(v >> drop); }
    return bk.slope * x + bk.intercept;
}

// The value at p, a voxel of the brick at `origin` counted from its first (−1 … B + 1 on each
// axis); the background where that voxel (the nearest in the volume, as the slot holds past its
// faces) is outside the crop box, as every read of the atlas crops (cells.wgsl's atlas_value).
fn slot_at(slot: u32, origin: vec3<i32>, p: vec3<i32>) -> f32 {
    let s = bk.slot_side;
    let value = pool_value(slot, u32((p.x + 1) + s * ((p.y + 1) + s * (p.z + 1))));
    if (bk.cropped == 0u) { return value; }
    let v = clamp(origin + p, vec3<i32>(0), bk.dims - 1);
    if (all(v >= bk.crop_lo) && all(v <= bk.crop_hi)) { return value; }
    return bk.background;
}

// Where an entry's brick starts in the volume (its lowest cell), once a workgroup.
fn brick_origin(entry: vec2<u32>) -> vec3<i32> {
    let b = i32(entry.x);
    return vec3<i32>(b % bk.grid.x, (b / bk.grid.x) % bk.grid.y, b / (bk.grid.x * bk.grid.y)) * bk.side;
}

// Cell (or voxel) `c` (x fastest) of an entry's brick: where it lies in the volume and in the
// brick, and its case ({brick_cells}' brick_cell fills it: 0 until then).
struct BrickCell {
    cell: vec3<i32>,
    local: vec3<i32>,
    mc_case: u32,
}

fn brick_place(origin: vec3<i32>, c: u32) -> BrickCell {
    let mask = u32(bk.side - 1);  // B is a power of two: the place by shifts
    var out: BrickCell;
    out.local = vec3<i32>(i32(c & mask), i32((c >> bk.side_shift) & mask), i32(c >> (2u * bk.side_shift)));
    out.cell = origin + out.local;
    out.mc_case = 0u;
    return out;
}

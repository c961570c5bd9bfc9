// The bricked surface in WebGPU (app/webgpu/bricked_mesh.h): the WGSL twin of brick_cells.glsl
// and emit_brick_vertex.glsl. The pool is one storage buffer of slots, each `slot_words` u32
// holding a brick's voxels from one before its first to one past its apron (S = B + 3 a side,
// x fastest) in the volume's stored type, packed little-endian: four 8-bit values a word, two
// 16-bit ones, or one float32; the file's scaling (slope, intercept) is applied where a value is
// read, as the CPU reads it (voxel_values.h). A round's bricks are `entries`, each (brick,
// slot); a workgroup takes one entry and its B³ cells. Each kernel declares `bk: Bricks`, `mc`
// (mc_tables.wgsl) and `pool`.
//!include brick_state.wgsl
//!include {brick_values}
//!include mc_tables.wgsl

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

// Cell `c` (x fastest) of an entry's brick: where it lies in the volume and in the brick, and
// its case (bit i set where corner i is below the iso: volume.wgsl's cell_case); case 0 where
// the cell is past the volume's last cells.
struct BrickCell {
    cell: vec3<i32>,
    local: vec3<i32>,
    mc_case: u32,
}

// Where an entry's brick starts in the volume (its lowest cell), once a workgroup.
fn brick_origin(entry: vec2<u32>) -> vec3<i32> {
    let b = i32(entry.x);
    return vec3<i32>(b % bk.grid.x, (b / bk.grid.x) % bk.grid.y, b / (bk.grid.x * bk.grid.y)) * bk.side;
}

fn brick_cell(origin: vec3<i32>, slot: u32, c: u32) -> BrickCell {
    let mask = u32(bk.side - 1);  // B is a power of two: the cell's place by shifts
    var out: BrickCell;
    out.local = vec3<i32>(i32(c & mask), i32((c >> bk.side_shift) & mask), i32(c >> (2u * bk.side_shift)));
    out.cell = origin + out.local;
    out.mc_case = 0u;
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
struct BrickVertex {
    position: vec4<f32>,
    normal: vec4<f32>,
}

fn brick_vertex(slot: u32, k: BrickCell, j: u32) -> BrickVertex {
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
    var v: BrickVertex;
    v.position = vec4<f32>(pa + t * (pb - pa), 1.0);
    v.normal = vec4<f32>(select(vec3<f32>(0.0), n / len, len > 0.0), 0.0);
    return v;
}

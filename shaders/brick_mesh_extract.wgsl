// Kernel: the bricked surface's extraction (app/webgpu/bricked_mesh.h), a workgroup an entry of
// the round: each invocation takes a run of the brick's cells (x fastest) and counts their
// vertices, the counts are scanned across the workgroup (scan_exclusive.wgsl), and each
// invocation writes its cells' vertices from the brick's first (the round's base plus its
// scanned count) on: the brick's vertices in cell order, and the table's within a cell.
// Vertices past the buffers' capacity are not written (the total still counts them).
//!include groups.wgsl
//!include scan_exclusive.wgsl
//!include brick_slots.wgsl
@group(0) @binding(0) var<uniform> bk: Bricks;
@group(0) @binding(1) var<storage, read> mc: array<i32>;
@group(0) @binding(2) var<storage, read> pool: array<u32>;
@group(0) @binding(3) var<storage, read> entries: array<vec2<u32>>;
@group(0) @binding(4) var<storage, read> state: BrickState;
@group(0) @binding(5) var<storage, read> counts: array<u32>;
@group(0) @binding(6) var<storage, read_write> positions: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> normals: array<vec4<f32>>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let e = group_index(wid, groups);
    let live = e < state.entries;
    var entry = vec2<u32>(0u);
    var first = 0u;
    if (live) {
        entry = entries[e];
        first = state.base + counts[e];
    }
    // Invocation t takes cells t·per … t·per + per − 1.
    let cells = u32(bk.side * bk.side * bk.side);
    let per = (cells + 255u) / 256u;
    let lo = lid.x * per;
    let hi = select(min(lo + per, cells), lo, !live);
    var n = 0u;
    let origin = brick_origin(entry);
    for (var c = lo; c < hi; c++) { n += brick_cell_vertices(brick_cell(origin, entry.y, c)); }
    var key = first + workgroup_exclusive(lid.x, n);
    for (var c = lo; c < hi; c++) {
        let k = brick_cell(origin, entry.y, c);
        let count = brick_cell_vertices(k);
        for (var j = 0u; j < count; j++) {
            if (key + j < bk.capacity) {
                let v = brick_vertex(entry.y, k, j);
                positions[key + j] = v.position;
                normals[key + j] = v.normal;
            }
        }
        key += count;
    }
}

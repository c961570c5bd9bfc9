// Kernel: the bricked surface's first pass (app/webgpu/bricked_mesh.h), a workgroup an entry of
// the round: the vertices of its brick's cells, summed into counts[entry], which the block scan
// turns into each brick's first vertex in the round.
//!include groups.wgsl
//!include brick_slots.wgsl
@group(0) @binding(0) var<uniform> bk: Bricks;
@group(0) @binding(1) var<storage, read> mc: array<i32>;
@group(0) @binding(2) var<storage, read> pool: array<u32>;
@group(0) @binding(3) var<storage, read> entries: array<vec2<u32>>;
@group(0) @binding(4) var<storage, read> state: BrickState;
@group(0) @binding(5) var<storage, read_write> counts: array<u32>;

var<workgroup> sum: atomic<u32>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let e = group_index(wid, groups);
    let live = e < state.entries;
    if (lid.x == 0u) { atomicStore(&sum, 0u); }
    workgroupBarrier();
    var n = 0u;
    if (live) {
        let entry = entries[e];
        let cells = u32(bk.side * bk.side * bk.side);
        let origin = brick_origin(entry);
        for (var c = lid.x; c < cells; c += 256u) { n += brick_cell_vertices(brick_cell(origin, entry.y, c)); }
    }
    atomicAdd(&sum, n);
    workgroupBarrier();
    if (live && lid.x == 0u) { counts[e] = atomicLoad(&sum); }
}

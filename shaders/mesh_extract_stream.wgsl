// Kernel: the soup's extraction driven by the stream, a workgroup a run of 256 keys (dispatched
// indirectly over the keys the frame wrote). A cell has 3 to 15 vertices, so one invocation a
// cell would leave most of a warp waiting on its busiest cell and write 32 scattered runs at a
// time; instead the workgroup's cells put their first keys and counts in workgroup memory, and
// its 256 invocations take the workgroup's vertices in turn, consecutive invocations consecutive
// keys: vertex key t finds its cell by a binary search of the 256 first keys, and its place j in
// the cell is t minus the cell's first key. The same vertices at the same keys as
// mesh_extract.wgsl (which visits every atlas texel, one invocation a cell).
//!include volume.wgsl
//!include cells.wgsl
//!include mc_tables.wgsl
//!include mesh_vertex.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0) @binding(2) var<storage, read> mc: array<i32>;
@group(0) @binding(3) var<storage, read> offsets: array<u32>;
@group(0) @binding(4) var<storage, read> cells: array<vec4<f32>>;  // the stream
@group(0) @binding(5) var<storage, read_write> positions: array<vec4<f32>>;
@group(0) @binding(6) var<storage, read_write> normals: array<vec4<f32>>;
fn atlas_stored(t: vec2<i32>) -> f32 { return atlas[u32(t.y) * u.atlas + u32(t.x)]; }

var<workgroup> wg_first: array<u32, 256>;  // each cell's first key; past the keys written: ~0u
var<workgroup> wg_cell: array<vec4<f32>, 256>;
var<workgroup> wg_begin: atomic<u32>;
var<workgroup> wg_end: atomic<u32>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) lid: vec3<u32>) {
    let capacity = u.vertices;
    if (lid.x == 0u) {
        atomicStore(&wg_begin, 0xffffffffu);
        atomicStore(&wg_end, 0u);
    }
    workgroupBarrier();
    let k = linear_index(wid, groups, lid.x);
    var e = vec4<f32>(0.0);
    if (k < u.keys) { e = cells[k]; }  // past the keys written the stream's tail reads as zero
    let count = u32(mc[u32(e.w)]);
    var first = 0xffffffffu;
    if (count > 0u) {
        first = offsets[k];
        atomicMin(&wg_begin, first);
        atomicMax(&wg_end, first + count);
    }
    wg_first[lid.x] = first;
    wg_cell[lid.x] = e;
    workgroupBarrier();
    let begin = atomicLoad(&wg_begin);
    let end = min(atomicLoad(&wg_end), capacity);
    for (var t = begin + lid.x; t < end; t += 256u) {
        // The last cell whose first key is at or before t (first keys rise with the lane).
        var lo = 0u;
        var hi = 255u;
        while (lo < hi) {
            let mid = (lo + hi + 1u) / 2u;
            if (wg_first[mid] <= t) { lo = mid; } else { hi = mid - 1u; }
        }
        let cell = wg_cell[lo];
        let v = vec3<i32>(cell.xyz);
        let ab = kMcEdgeCorners[mc_edge(u32(cell.w), t - wg_first[lo])];
        let m = mc_vertex(v + kMcCorner[ab.x], v + kMcCorner[ab.y]);
        positions[t] = m.position;
        normals[t] = m.normal;
    }
}

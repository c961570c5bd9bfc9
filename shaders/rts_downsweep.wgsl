// Reduce-then-scan, dispatch 3 of 3: each workgroup scans its tile again and adds the tile's
// offset (the scanned tile sums): in the compaction this is the scatter, each active texel
// written to the stream at its key.
@group(0) @binding(4) var<storage, read_write> tiles: array<u32>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
    var v: array<u32, 16>;
    let first = first_of(wid.x, lid.x);
    let sum = scan_load(first, &v);
    var key = tiles[wid.x] + workgroup_exclusive(lid.x, sum);
    for (var j = 0u; j < kPerThread; j++) {
        scan_put(first + j, key, v[j]);
        key += v[j];
    }
}

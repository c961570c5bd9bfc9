// The single-pass scan: decoupled look-back with fallback (Smith, Levien & Owens, "Decoupled
// Fallback", SPAA 2025). One dispatch: a workgroup takes the next tile (an atomic ticket, so
// tiles start in order), sums it and posts the sum; it then walks back over its predecessors'
// posts, adding aggregates until it meets an inclusive prefix. Where a predecessor has posted
// nothing yet (after a few looks), the workgroup reduces that tile itself and goes on: no
// workgroup ever waits for another, so nothing assumes that workgroups make progress side by
// side (WebGPU does not promise it). It then posts its own inclusive prefix and writes its
// keys. The last workgroup to finish (a second ticket) computes the total the same way and
// hands it on (scan_done: in the compaction the counter and the indirect arguments).
//
// tiles[0]: the tile ticket, tiles[1]: the finish ticket, tiles[2 + k]: tile k's post, one
// word: the frame's parity (bit 31), the kind (bits 29-30: 1 aggregate, 2 inclusive, 0 none)
// and the value (bits 0-28: totals below 2^29). Tickets count on from frame to frame (tile =
// ticket mod tiles, frame = ticket / tiles), so nothing is cleared between frames: a post of
// the last frame has the other parity and reads as none.
@group(0) @binding(4) var<storage, read_write> tiles: array<atomic<u32>>;

const kAggregate = 0x20000000u;
const kInclusive = 0x40000000u;
const kKind = 0x60000000u;
const kValue = 0x1fffffffu;
const kParity = 0x80000000u;
const kLooks = 8u;  // looks at a predecessor's post before reducing its tile instead

var<workgroup> wg_ticket: u32;
var<workgroup> wg_post: u32;
var<workgroup> wg_last: u32;

fn post(tile: u32, parity: u32, kind: u32, value: u32) {
    atomicStore(&tiles[2u + tile], parity | kind | (value & kValue));
}

// The sum of the tiles before `tile` (all invocations call it; the result is the same in all).
// The first forced_fallbacks() predecessors are reduced without looking at their posts (a
// debug setting that makes every look-back give up at once).
fn look_back(tile: u32, parity: u32, t: u32) -> u32 {
    var prefix = 0u;
    var p = tile;
    var forced = forced_fallbacks();
    loop {
        if (p == 0u) { break; }
        p -= 1u;
        workgroupBarrier();  // every invocation has read the last wg_post
        if (t == 0u) {
            var word = 0u;
            for (var look = 0u; look < kLooks && forced == 0u; look++) {
                word = atomicLoad(&tiles[2u + p]);
                if ((word & kParity) == parity && (word & kKind) != 0u) { break; }
                word = 0u;
            }
            wg_post = word;
        }
        let word = workgroupUniformLoad(&wg_post);
        if (forced > 0u) { forced -= 1u; }
        if ((word & kKind) == kInclusive) {
            prefix += word & kValue;
            break;
        }
        if ((word & kKind) == kAggregate) {
            prefix += word & kValue;
            continue;
        }
        // Fallback: tile p's sum, computed here from its values.
        var v: array<u32, 16>;
        prefix += workgroup_sum(t, scan_load(first_of(p, t), &v));
    }
    return prefix;
}

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
    let t = lid.x;
    let n = tile_count();
    if (t == 0u) { wg_ticket = atomicAdd(&tiles[0], 1u); }
    let ticket = workgroupUniformLoad(&wg_ticket);
    let tile = ticket % n;
    let parity = select(0u, kParity, ((ticket / n) & 1u) == 1u);

    var v: array<u32, 16>;
    let first = first_of(tile, t);
    let sum = scan_load(first, &v);
    let before = workgroup_exclusive(t, sum);
    let aggregate = wg_scan[kTileThreads - 1u];
    if (t == 0u) {
        if (tile == 0u) { post(tile, parity, kInclusive, aggregate); } else { post(tile, parity, kAggregate, aggregate); }
    }
    let prefix = look_back(tile, parity, t);
    if (t == 0u && tile > 0u) { post(tile, parity, kInclusive, prefix + aggregate); }

    var key = prefix + before;
    for (var j = 0u; j < kPerThread; j++) {
        scan_put(first + j, key, v[j]);
        key += v[j];
    }

    if (t == 0u) { wg_last = u32(atomicAdd(&tiles[1], 1u) % n == n - 1u); }
    if (workgroupUniformLoad(&wg_last) == 1u) {
        let total = look_back(n, parity, t);
        if (t == 0u) { scan_done(total); }
    }
}

// A tile scan's kernel (app/webgpu/tile_scan.h): `{scan_io}` is the scan_io_*.wgsl chosen by the
// scan's user, which declares every binding but `tiles` and says what is scanned; `{scan_sum}`
// is scan_sum.wgsl, or scan_sum_subgroups.wgsl where the device has subgroups.
// The single-pass scan: decoupled look-back with fallback (Smith, Levien & Owens, "Decoupled
// Fallback", SPAA 2025). One dispatch: a workgroup takes the next tile (an atomic ticket, so
// tiles start in order), sums it and posts the sum; it then walks back over its predecessors'
// posts, 256 at a time, adding aggregates until it meets an inclusive prefix. Where a predecessor has posted
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
//!include {scan_io}
//!include {scan_sum}
//!include scan_tiles.wgsl
@group(0) @binding(4) var<storage, read_write> tiles: array<atomic<u32>>;

const kAggregate = 0x20000000u;
const kInclusive = 0x40000000u;
const kKind = 0x60000000u;
const kValue = 0x1fffffffu;
const kParity = 0x80000000u;
const kLooks = 64u;  // looks at a predecessor's post before reducing its tile instead

var<workgroup> wg_ticket: u32;
var<workgroup> wg_post: u32;
var<workgroup> wg_stop: atomic<u32>;
var<workgroup> wg_stop_at: u32;
var<workgroup> wg_last: u32;

fn post(tile: u32, parity: u32, kind: u32, value: u32) {
    atomicStore(&tiles[2u + tile], parity | kind | (value & kValue));
}

// The sum of the tiles before `tile` (all invocations call it; the result is the same in all).
// A round reads the posts of the nearest predecessors not yet counted, one an invocation (the
// 256 tiles before `end`, nearest first), as a GPU's look-back reads a warp's worth at once:
// the nearest post that is an inclusive prefix, or that is still missing after kLooks looks,
// stops the round, and the aggregates nearer than it are added. An inclusive prefix ends the
// walk; a missing one is reduced here from its values (the fallback), and the walk goes on
// before it. The first forced_fallbacks() predecessors are reduced without looking at their
// posts (a debug setting that makes every look-back give up at once).
fn look_back(tile: u32, parity: u32, t: u32) -> u32 {
    var prefix = 0u;
    var end = tile;  // tiles end-1, end-2, ..., 0 are still to be counted
    var forced = forced_fallbacks();
    loop {
        if (end == 0u) { break; }
        let window = min(end, kTileThreads);
        var word = 0u;
        if (t < window && forced == 0u) {
            for (var look = 0u; look < kLooks; look++) {
                word = atomicLoad(&tiles[2u + end - 1u - t]);
                if ((word & kParity) == parity && (word & kKind) != 0u) { break; }
                word = 0u;
            }
        }
        workgroupBarrier();  // every invocation has read the last round's wg_stop and wg_post
        if (t == 0u) { atomicStore(&wg_stop, window); }
        workgroupBarrier();
        if (t < window && (word & kKind) != kAggregate) { atomicMin(&wg_stop, t); }
        workgroupBarrier();
        if (t == 0u) { wg_stop_at = atomicLoad(&wg_stop); }
        let stop = workgroupUniformLoad(&wg_stop_at);
        if (t == stop) { wg_post = word; }
        var add = 0u;
        if (t < stop) { add = word & kValue; }
        prefix += workgroup_sum(t, add);  // the aggregates nearer than the stop
        if (stop == window) {
            end -= window;
            continue;
        }
        let post = workgroupUniformLoad(&wg_post);
        if ((post & kKind) == kInclusive) {
            prefix += post & kValue;
            break;
        }
        // Fallback: the missing tile's sum, computed here from its values.
        let p = end - 1u - stop;
        if (forced > 0u) { forced -= 1u; }
        var v: array<u32, 16>;
        prefix += workgroup_sum(t, scan_load(first_of(p, t), &v));
        end = p;
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
    let aggregate = workgroupUniformLoad(&wg_scan[kTileThreads - 1u]);
    if (t == 0u) {
        if (tile == 0u) { post(tile, parity, kInclusive, aggregate); } else { post(tile, parity, kAggregate, aggregate); }
    }
    let prefix = look_back(tile, parity, t);
    // (The scan check can withhold them: then every look-back walks over aggregates to tile 0.)
    if (t == 0u && tile > 0u && inclusive_posts()) { post(tile, parity, kInclusive, prefix + aggregate); }

    scan_write(t, first, &v, prefix + before, prefix, aggregate);

    if (t == 0u) { wg_last = u32(atomicAdd(&tiles[1], 1u) % n == n - 1u); }
    if (workgroupUniformLoad(&wg_last) == 1u) {
        let total = look_back(n, parity, t);
        if (t == 0u) { scan_done(total); }
    }
}

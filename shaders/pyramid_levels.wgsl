// A workgroup's way up the histopyramid (the kernel declares `r: Reduce`
// and `levels`): pyramid_reduce.wgsl and pyramid_classify.wgsl give each invocation the sum of
// four children, its element i of the first level built; this writes it, then the workgroup's
// 256 sums go on in workgroup memory (64, 16, 4, 1 of them) for the next levels. The base and
// the levels are stored in Morton order, so the four children of element i are elements
// 4i..4i+3 of the level below.
//!include groups.wgsl
struct Reduce {
    n_out: u32,      // elements of the first level built
    levels: u32,     // levels built by this dispatch, 1 to 5
    from_base: u32,  // 1: the children are the base; 0: the level at `src` in `levels`
    src: u32,
    dst: array<vec4<u32>, 2>,  // offsets in `levels` of the levels built, in order
}

var<workgroup> sums: array<u32, 256>;

fn dst_offset(j: u32) -> u32 { return r.dst[j / 4u][j % 4u]; }

// `g`: the workgroup's index; `s`: invocation `lid`'s sum, element g·256 + lid (0 past n_out).
fn build_levels(g: u32, lid: u32, s: u32) {
    let i = g * 256u + lid;
    if (i < r.n_out) { levels[dst_offset(0u) + i] = s; }
    sums[lid] = s;
    var count = 256u;  // this workgroup's values at the level just built
    var n = r.n_out;   // that level's size
    for (var j = 1u; j < r.levels; j++) {
        count /= 4u;
        n /= 4u;
        workgroupBarrier();
        var t = 0u;
        if (lid < count) {
            t = sums[4u * lid] + sums[4u * lid + 1u] + sums[4u * lid + 2u] + sums[4u * lid + 3u];
        }
        workgroupBarrier();
        if (lid < count) {
            sums[lid] = t;
            let k = g * count + lid;
            if (k < n) { levels[dst_offset(j) + k] = t; }
        }
    }
}

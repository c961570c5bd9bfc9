// A level of the block scan (scan_block.wgsl, scan_add.wgsl): its element count, and where the
// GPU may have written a smaller one. `limit[level.limit_at]` holds the count of the data level
// (a word of the frame's counter: the keys the stream holds), so level k has that count over
// 1024^k (level.shift = 10k), rounded up; a scan without one binds a word of all ones. The
// kernel declares `level: ScanLevel` and `limit`.
struct ScanLevel {
    n: u32,         // elements at this level: the most there can be
    limit_at: u32,  // the word of `limit` that holds the data level's count
    shift: u32,     // 10 × the level
    pad: u32,
}

fn level_count() -> u32 {
    let m = limit[level.limit_at];
    let above = (m >> level.shift) + select(0u, 1u, (m & ((1u << level.shift) - 1u)) != 0u);
    return min(level.n, above);
}

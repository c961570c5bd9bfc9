// Fills the counter from the compaction's total (after volume.wgsl and compaction_counter.wgsl,
// with `counter` bound read_write): keys to write, the traversal's workgroups (256 keys each)
// and the tail to clear (the keys the last frame wrote past this frame's end). Called by one
// invocation: count.wgsl's, or the last workgroup of a scan that knows the total.
// At most 32768 workgroups a row of the grid (a dimension holds 65535).
fn grid(keys: u32) -> vec4<u32> {
    let groups = (keys + 255u) / 256u;
    let x = min(groups, 32768u);
    return vec4<u32>(x, (groups + 32767u) / 32768u, 1u, 0u);
}

// `blocks` workgroups as rows of 4096 (kernel.cpp's groups_grid).
fn blocks_grid(blocks: u32) -> vec4<u32> {
    return vec4<u32>(min(blocks, 4096u), (blocks + 4095u) / 4096u, 1u, 0u);
}

fn set_count(total: u32) {
    let written = min(total, u.limit);
    let before = counter.written;
    counter.total = total;
    counter.written = written;
    counter.tail_begin = written;
    counter.tail_end = max(before, written);
    counter.traverse_args = grid(written);
    counter.tail_args = grid(max(before, written) - written);
    // Level k of a scan of `written` values: ceil(written / 1024^(k+1)) blocks (written < 2^30).
    counter.scan_args0 = blocks_grid((written + 1023u) >> 10u);
    counter.scan_args1 = blocks_grid((written + 1048575u) >> 20u);
    counter.scan_args2 = blocks_grid(select(0u, 1u, written > 0u));
}

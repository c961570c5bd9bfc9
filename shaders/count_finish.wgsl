// Fills the counter from the compaction's total (the kernel binds
// `counter` read_write): keys to write, the traversal's workgroups (256 keys each)
// and the tail to clear (the keys the last frame wrote past this frame's end). Called by one
// invocation: count.wgsl's, or the last workgroup of a scan that knows the total.
// At most 32768 workgroups a row of the grid (a dimension holds 65535).
//!include volume.wgsl
//!include compaction_counter.wgsl
fn grid(keys: u32) -> vec4<u32> {
    let groups = (keys + 255u) / 256u;
    let x = min(groups, 32768u);
    return vec4<u32>(x, (groups + 32767u) / 32768u, 1u, 0u);
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
}

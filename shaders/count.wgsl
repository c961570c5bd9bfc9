// Kernel (one invocation): reads the total where the compaction left it (the last block sum of
// the scan, or the pyramid's 1×1 level) and fills the counter: keys to write, the traversal's
// workgroups (256 keys each) and the tail to clear. No count goes to the CPU for the work.
@group(0) @binding(1) var<storage, read> totals: array<u32>;
@group(0) @binding(2) var<storage, read_write> counter: Counter;

struct TotalAt { index: u32 }
@group(0) @binding(3) var<uniform> total_at: TotalAt;

// At most 32768 workgroups a row of the grid (a dimension holds 65535).
fn grid(keys: u32) -> vec4<u32> {
    let groups = (keys + 255u) / 256u;
    let x = min(groups, 32768u);
    return vec4<u32>(x, (groups + 32767u) / 32768u, 1u, 0u);
}

@compute @workgroup_size(1)
fn main() {
    let total = totals[total_at.index];
    let written = min(total, u.limit);
    let before = counter.written;
    counter.total = total;
    counter.written = written;
    counter.tail_begin = written;
    counter.tail_end = max(before, written);
    counter.traverse_args = grid(written);
    counter.tail_args = grid(max(before, written) - written);
}

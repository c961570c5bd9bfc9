// Kernel (one invocation): reads the total where the compaction left it (the last block sum of
// the scan, or the pyramid's 1×1 level) and fills the counter (count_finish.wgsl). No count
// goes to the CPU for the work.
@group(0) @binding(1) var<storage, read> totals: array<u32>;
@group(0) @binding(2) var<storage, read_write> counter: Counter;

struct TotalAt { index: u32 }
@group(0) @binding(3) var<uniform> total_at: TotalAt;

@compute @workgroup_size(1)
fn main() { set_count(totals[total_at.index]); }

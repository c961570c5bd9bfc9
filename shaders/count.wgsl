// Kernel (one invocation): reads the total where the compaction left it (the last block sum of
// the scan, or the pyramid's 1×1 level) and fills the counter (count_finish.wgsl). No count
// goes to the CPU for the work.
//!include volume.wgsl
//!include compaction_counter.wgsl
//!include count_finish.wgsl
@group(0) @binding(0) var<uniform> u: Volume;
@group(0) @binding(1) var<storage, read> totals: array<u32>;
@group(0) @binding(2) var<storage, read_write> counter: Counter;
@group(0) @binding(3) var<uniform> total_at: TotalAt;

struct TotalAt { index: u32 }

@compute @workgroup_size(1)
fn main() { set_count(totals[total_at.index]); }

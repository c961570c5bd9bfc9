// A workgroup's index in a grid of them laid over x and y: one dimension holds at most 65535
// workgroups, and a 16384² atlas takes 2^18 blocks of 1024 (kernel.h's groups_grid makes the
// grid; its last row may run past the count, so a kernel checks its index).
fn group_index(wid: vec3<u32>, groups: vec3<u32>) -> u32 { return wid.y * groups.x + wid.x; }

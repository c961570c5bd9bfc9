// The sum of x over the workgroup's 256 invocations with subgroup operations (its `enable
// subgroups;` goes to the module's first line: app/core/wgsl_bindings.h): each subgroup's sum
// (subgroupAdd) is added once (subgroupElect) to a workgroup atomic, so nothing depends on the
// subgroup size or on how invocations are laid out in subgroups. An integer sum: the same number
// as scan_sum.wgsl's tree, so the same stream.
//!include scan_tiles.wgsl
enable subgroups;
var<workgroup> wg_atomic_sum: atomic<u32>;
var<workgroup> wg_sum: u32;

fn workgroup_sum(t: u32, x: u32) -> u32 {
    workgroupBarrier();  // the last call's result has been read
    if (t == 0u) { atomicStore(&wg_atomic_sum, 0u); }
    workgroupBarrier();
    let s = subgroupAdd(x);
    if (subgroupElect()) { atomicAdd(&wg_atomic_sum, s); }
    workgroupBarrier();
    if (t == 0u) { wg_sum = atomicLoad(&wg_atomic_sum); }
    return workgroupUniformLoad(&wg_sum);
}

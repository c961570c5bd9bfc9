// The bricked surface's pool holds float32 values (brick_slots.wgsl's pool_value; the kernel's
// choice of `{brick_values}`, app/webgpu/bricked_mesh.cpp): constants, so a value's word and
// shift are computed without a division.
const kValueBits = 0u;  // 0: float32, read as it is
const kValueSigned = false;

// Kernel: after a round of the bricked surface (app/webgpu/bricked_mesh.h): its vertices (the
// block scan's total) added to the base the next round starts from, and the 3D view's draw
// arguments, one invocation.
//!include brick_state.wgsl
@group(0) @binding(0) var<uniform> bk: Bricks;
@group(0) @binding(1) var<storage, read> totals: array<u32>;
@group(0) @binding(2) var<storage, read_write> state: BrickState;

@compute @workgroup_size(1)
fn main() {
    state.base += totals[0];
    state.vertices = state.base;
    state.draw_args = vec4<u32>(min(state.base, bk.capacity), 1u, 0u, 0u);
}

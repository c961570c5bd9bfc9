// The marching-cubes tables for the WebGPU kernels (app/core/mesh/marching_cubes.h; the WGSL
// twin of mc_tables.glsl), uploaded once as one storage buffer that each kernel binds as `mc`
// (at binding 2): mc[c] is case c's vertex count (3 × its triangles), mc[256 + 16·c + i] the
// edge of its vertex i. It needs nothing else (the bricked kernels include it without volume.wgsl).

// Corner i of a cell (the order of cell_case's bits) and edge e's two corners, the lower end
// first (one step along +x, +y or +z): positions interpolate from it, so every cell sharing an
// edge computes its vertex bit for bit alike (app/core/mesh/marching_cubes.h).
var<private> kMcCorner: array<vec3<i32>, 8> = array<vec3<i32>, 8>(
    vec3<i32>(0, 0, 0), vec3<i32>(1, 0, 0), vec3<i32>(1, 1, 0), vec3<i32>(0, 1, 0),
    vec3<i32>(0, 0, 1), vec3<i32>(1, 0, 1), vec3<i32>(1, 1, 1), vec3<i32>(0, 1, 1));
var<private> kMcEdgeCorners: array<vec2<i32>, 12> = array<vec2<i32>, 12>(
    vec2<i32>(0, 1), vec2<i32>(1, 2), vec2<i32>(3, 2), vec2<i32>(0, 3), vec2<i32>(4, 5), vec2<i32>(5, 6),
    vec2<i32>(7, 6), vec2<i32>(4, 7), vec2<i32>(0, 4), vec2<i32>(1, 5), vec2<i32>(2, 6), vec2<i32>(3, 7));

fn mc_edge(mc_case: u32, vertex: u32) -> i32 { return mc[256u + 16u * mc_case + vertex]; }

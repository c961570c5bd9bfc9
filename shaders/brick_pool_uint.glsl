// The brick pool of an unsigned 8- or 16-bit volume (app/gpu/brick_cells.h): R8UI or R16UI, the
// values as stored and the scaling applied where one is read, as brick_pool_int.glsl. Before
// brick_cells.glsl.
uniform highp usampler3D uPool;  // A·S × A·S × D·S
uniform float uSlope, uIntercept;

float pool_at(ivec3 p) { return uSlope * float(texelFetch(uPool, p, 0).r) + uIntercept; }

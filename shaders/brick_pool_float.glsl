// The brick pool of a float volume (app/gpu/brick_cells.h): R32F, the values in data units as
// the CPU reads them. Before brick_cells.glsl; brick_pool_int.glsl and brick_pool_uint.glsl
// are the 8- and 16-bit volumes'.
uniform highp sampler3D uPool;  // A·S × A·S × D·S

float pool_at(ivec3 p) { return texelFetch(uPool, p, 0).r; }

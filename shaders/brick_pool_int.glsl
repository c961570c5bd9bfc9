// The brick pool of a signed 8- or 16-bit volume (app/gpu/brick_cells.h): R8I or R16I, the
// values as stored, and the file's scaling (NIfTI scl_slope and scl_inter, DICOM's rescale)
// applied where one is read: data units, as the CPU reads them (voxel_values.h; the same float
// where slope · x + intercept is exact in float, as for a power-of-two slope and a whole
// intercept). Before brick_cells.glsl.
uniform highp isampler3D uPool;  // A·S × A·S × D·S
uniform float uSlope, uIntercept;

float pool_at(ivec3 p) { return uSlope * float(texelFetch(uPool, p, 0).r) + uIntercept; }

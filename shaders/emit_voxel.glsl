// What the demo writes for each compacted element: the voxel's (x, y, z) and, in surface
// mode, the cell's marching-cubes case, in solid mode its value. All exact in RGBA32F.
uniform bool uSurface;

vec4 hp_emit(ivec2 base_texel) {
    ivec3 v;
    voxel_of(base_texel, v);
    float w = uSurface ? float(cell_case(v)) : value_at(v);
    return vec4(vec3(v), w);
}

// What the demo writes for each compacted element: the voxel's (x, y, z) and, in surface
// mode, the cell's marching-cubes case, in solid mode its value, in labels mode its label.
// All exact in RGBA32F.

vec4 hp_emit(ivec2 base_texel) {
    ivec3 v;
    voxel_of(base_texel, v);
    float w = uClassify == 0 ? float(cell_case(v)) : value_at(v);
    return vec4(vec3(v), w);
}

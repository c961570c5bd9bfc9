// Classification: the base level of the pyramid, 1 for an active texel and 0 elsewhere.
// Surface mode marks cells the iso-surface crosses (the marching-cubes case), solid mode
// voxels at or above iso, labels mode voxels with a face toward another label. Texels outside the volume are never active.
layout(location = 0) out vec4 oActive;

bool is_active(ivec3 v) {
    if (uClassify == 2) return label_faces(v) != 0;
    if (uClassify == 1) return value_at(v) >= uIso;
    if (any(greaterThanEqual(v, uDims - 1))) return false;
    int c = cell_case(v);
    return c != 0 && c != 255;
}

void main() {
    ivec3 v;
    oActive = vec4(voxel_of(ivec2(gl_FragCoord.xy), v) && is_active(v) ? 1.0 : 0.0);
}

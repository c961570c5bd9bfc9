// The second level's stream entry (after brick_cells.glsl): the cell in the volume's voxel
// coordinates and its case, as the unbricked stream's surface entries (emit_voxel.glsl); labels:
// the voxel and its label.
vec4 hp_emit(ivec2 base_texel) {
    ivec3 cell;
    int c;
    brick_cell(base_texel, cell, c);
    return vec4(vec3(cell), uLabels != 0 ? label_at(cell) : float(c));
}

// The bricked surface's vertex (after mc_tables.glsl, brick_cells.glsl and labels.glsl): vertex `index` of
// the cell at a base texel, read from the cell's slot in the pool with the arithmetic of
// emit_mesh_vertex.glsl (and of app/core/mesh/reference_mesh.h): the slot holds the voxels one
// past the cell's corners on every side, clamped at the volume's faces as mc_field clamps them,
// so the gradients read there are the unbricked ones; every read through the crop box
// (brick_value). Positions in the volume's voxels. classify=labels: labels.glsl's vertex of the
// voxel's face, read through brick_cells.glsl's label_at.
vec3 pool_gradient(ivec3 p) {
    return vec3(brick_value(p + ivec3(1, 0, 0)) - brick_value(p - ivec3(1, 0, 0)),
                brick_value(p + ivec3(0, 1, 0)) - brick_value(p - ivec3(0, 1, 0)),
                brick_value(p + ivec3(0, 0, 1)) - brick_value(p - ivec3(0, 0, 1)));
}

void hp_emit_vertex(ivec2 base_texel, uint index, out vec4 position, out vec4 normal) {
    ivec3 cell, o;
    int c;
    brick_cell_at(base_texel, cell, c, o);
    if (uLabels != 0) {  // labels.glsl: the label in the position's w, the other side's in the normal's
        vec3 p, n;
        float l = label_at(cell), other;
        label_vertex(cell, c, l, int(index), p, n, other);
        position = vec4(p, l);
        normal = vec4(n, other);
        return;
    }
    ivec2 ab = kMcEdgeCorners[mc_edge(c, int(index))];
    ivec3 ca = kMcCorner[ab.x], cb = kMcCorner[ab.y];
    float va = brick_value(o + ca), vb = brick_value(o + cb);
    float t = (uBrickIso - va) / (vb - va);
    vec3 ga = pool_gradient(o + ca), gb = pool_gradient(o + cb);
    vec3 n = -(ga + t * (gb - ga));
    float len = length(n);
    vec3 pa = vec3(cell + ca), pb = vec3(cell + cb);
    position = vec4(pa + t * (pb - pa), 1.0);
    normal = vec4(len > 0.0 ? n / len : vec3(0.0), 0.0);
}

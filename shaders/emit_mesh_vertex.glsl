// What the mesh's traversal writes for vertex `index` of the cell at a base texel: the cell's
// case (which the count pass wrote beside its count, in the base's g) and the table give the
// edge; the position interpolates linearly along it to where the field crosses
// iso; the normal is minus the field's gradient (central differences at both corners,
// clamped at the volume's border, interpolated the same way), normalized. Volume units:
// voxel (x, y, z). The CPU twin is app/core/mesh/reference_mesh.cpp; keep the arithmetic in step.
float mc_field(ivec3 q) { return value_at(clamp(q, ivec3(0), uDims - 1)); }

vec3 mc_gradient(ivec3 q) {
    return vec3(mc_field(q + ivec3(1, 0, 0)) - mc_field(q - ivec3(1, 0, 0)),
                mc_field(q + ivec3(0, 1, 0)) - mc_field(q - ivec3(0, 1, 0)),
                mc_field(q + ivec3(0, 0, 1)) - mc_field(q - ivec3(0, 0, 1)));
}

void hp_emit_vertex(ivec2 base_texel, uint index, out vec4 position, out vec4 normal) {
    ivec3 v;
    voxel_of(base_texel, v);
    int mc_case = int(texelFetch(uBase, base_texel, 0).g);  // the count pass's: one fetch, not eight
    if (uClassify == 2) {  // labels (labels.glsl): g holds the voxel's faces; the position's w
        float l = value_at(v);  // carries the label, the normal's the label on the other side
        vec3 p, n;
        float other;
        label_vertex(v, mc_case, l, int(index), p, n, other);
        position = vec4(p, l);
        normal = vec4(n, other);
        return;
    }
    ivec2 ab = kMcEdgeCorners[mc_edge(mc_case, int(index))];
    ivec3 pa = v + kMcCorner[ab.x], pb = v + kMcCorner[ab.y];
    float va = value_at(pa), vb = value_at(pb);
    float t = (uIso - va) / (vb - va);
    vec3 ga = mc_gradient(pa), gb = mc_gradient(pb);
    vec3 n = -(ga + t * (gb - ga));
    float len = length(n);
    position = vec4(vec3(pa) + t * (vec3(pb) - vec3(pa)), 1.0);
    normal = vec4(len > 0.0 ? n / len : vec3(0.0), 0.0);
}

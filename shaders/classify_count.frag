// Classification and the mesh's vertex counts in one pass, for frames that draw the surface:
// the cell's case is computed once and gives both the base texel (as classify.frag) and the
// cell's vertex count and case (as mesh_count.frag). After volume.glsl and mc_tables.glsl.
layout(location = 0) out vec4 oActive;
layout(location = 1) out vec4 oCount;

void main() {
    ivec3 v;
    oActive = vec4(0.0);
    oCount = vec4(0.0);
    if (!voxel_of(ivec2(gl_FragCoord.xy), v)) return;
    if (uClassify == 2) {  // labels: the voxel's faces between labels, 6 vertices a face
        int mask = label_faces(v);
        oActive = vec4(mask != 0 ? 1.0 : 0.0);
        oCount = vec4(float(label_vertex_count(mask)), float(mask), 0.0, 0.0);
        return;
    }
    bool inside = all(lessThan(v, uDims - 1));  // cells on the far faces have no eighth corner
    int c = inside ? cell_case(v) : 0;
    bool on = uClassify == 0 ? inside && c != 0 && c != 255 : value_at(v) >= uIso;
    oActive = vec4(on ? 1.0 : 0.0);
    oCount = vec4(float(inside ? mc_vertex_count(c) : 0u), float(c), 0.0, 0.0);
}

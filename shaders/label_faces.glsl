// Labels mode (classify=labels): the faces of voxel v whose neighbour holds another label (bit
// f: axis f / 2, + side f & 1; 0 for the background) and the vertices they take, 6 a face (a
// quad). After the chunk defining `label_at(p)` (0 past the volume): the atlas's (volume.glsl)
// or a brick slot's (brick_cells.glsl). The WGSL twin is label_faces.wgsl.
int label_faces(ivec3 v) {
    float l = label_at(v);
    if (l == 0.0) return 0;
    int m = 0;
    for (int f = 0; f < 6; ++f) {
        ivec3 n = v;
        n[f >> 1] += (f & 1) != 0 ? 1 : -1;
        if (label_at(n) != l) m |= 1 << f;
    }
    return m;
}

int label_vertex_count(int mask) {
    int n = 0;
    for (int f = 0; f < 6; ++f) n += (mask >> f) & 1;
    return 6 * n;
}

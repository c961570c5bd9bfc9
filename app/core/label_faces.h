// Which faces of a voxel of a label map lie between two labels (classify=labels): what the
// classification marks and what the label surface (mesh/label_nets.h, which says the method)
// draws a quad for. Shared by the CPU reference of the stream and of the mesh.
#pragma once

namespace hp::labels {

// The label at (x, y, z): a Field(x, y, z) that gives 0 past the volume.
// Faces of voxel v whose neighbour holds another label: bit f for face f (axis f/2, +side f&1).
// 0 for the background.
template <typename Field>
int faces(const Field& label, int x, int y, int z) {
    const float l = label(x, y, z);
    if (l == 0.0f) return 0;
    const int n[6][3] = {{x - 1, y, z}, {x + 1, y, z}, {x, y - 1, z}, {x, y + 1, z}, {x, y, z - 1}, {x, y, z + 1}};
    int m = 0;
    for (int f = 0; f < 6; ++f)
        if (label(n[f][0], n[f][1], n[f][2]) != l) m |= 1 << f;
    return m;
}

inline int face_count(int mask) {
    int n = 0;
    for (int f = 0; f < 6; ++f) n += (mask >> f) & 1;
    return n;
}

}  // namespace hp::labels

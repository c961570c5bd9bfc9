// The crop box: the part of the volume that counts, in voxel index space. Every voxel outside
// it reads as the background, wherever a value is read (the GPU's cell tests, vertices and
// normals, the CPU reference, the CPU's marching cubes): a surface that leaves the box is closed
// at its faces, as a label map's is at the volume's. The settings hold it as the first and last
// voxel on each axis (DemoState's crop_*; crop_of in demo_state.h gives the box a state asks of
// a volume).
#pragma once

#include <array>
#include <climits>

#include "atlas_layout.h"

namespace hp {

enum class Classify;

struct CropBox {
    // The first and the last voxel kept, each axis; by default every voxel of any volume.
    std::array<int, 3> lo{0, 0, 0}, hi{INT_MAX, INT_MAX, INT_MAX};

    bool contains(int x, int y, int z) const {
        return x >= lo[0] && y >= lo[1] && z >= lo[2] && x <= hi[0] && y <= hi[1] && z <= hi[2];
    }
    // The whole of an X×Y×Z volume: nothing is cropped.
    bool whole(const std::array<int, 3>& dims) const {
        return lo == std::array<int, 3>{0, 0, 0} && hi[0] >= dims[0] - 1 && hi[1] >= dims[1] - 1 && hi[2] >= dims[2] - 1;
    }
};

// The value a voxel outside the box reads as. Labels: 0, the background label. Otherwise a
// value below iso by the volume's whole range (its values' lowest and highest), so that the
// vertex on an edge from a voxel inside to one outside lies at most half way along it: the cap
// stays within half a voxel of the box.
float crop_background(Classify mode, float iso, const std::array<float, 2>& range);

// Sets every voxel of an atlas outside the box to `background` (the CPU reference's copy of
// the atlas the GPU read, cropped as the GPU crops it).
void crop_atlas(const AtlasLayout& layout, float* atlas, const CropBox& box, float background);

}  // namespace hp

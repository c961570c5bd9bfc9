#include "brick_pyramid.h"

#include <algorithm>
#include <cmath>

#include "label_faces.h"

namespace hp {

BrickPyramid brick_pyramid(const VoxelValues& values, const std::array<int, 3>& dims, int size,
                           const std::array<int, 3>& brick, float iso, const BrickCrop* crop, bool labels) {
    BrickPyramid p;
    p.brick = brick;
    p.slices_a_side = int(std::ceil(std::sqrt(double(size))));
    p.side = 1;
    while (p.side < p.slices_a_side * size) p.side *= 2;
    // A voxel as every read of the volume gives it: clamped into the volume (a cell's corners
    // never leave it), the background outside the box; labels: 0 past the volume too.
    const auto value = [&](int x, int y, int z) {
        if (labels && (x < 0 || y < 0 || z < 0 || x >= dims[0] || y >= dims[1] || z >= dims[2])) return 0.0f;
        x = std::clamp(x, 0, dims[0] - 1), y = std::clamp(y, 0, dims[1] - 1), z = std::clamp(z, 0, dims[2] - 1);
        if (crop && !crop->box.contains(x, y, z)) return crop->background;
        return values.at(std::size_t(x) + std::size_t(dims[0]) * (std::size_t(y) + std::size_t(dims[1]) * std::size_t(z)));
    };
    std::vector<std::uint32_t> base(std::size_t(p.side) * std::size_t(p.side), 0);
    const int last = labels ? 0 : 1;  // a cell needs its far corners in the volume
    for (int k = 0; k < size; ++k)
        for (int j = 0; j < size; ++j)
            for (int i = 0; i < size; ++i) {
                const int x = brick[0] * size + i, y = brick[1] * size + j, z = brick[2] * size + k;
                if (x >= dims[0] - last || y >= dims[1] - last || z >= dims[2] - last) continue;
                bool active;
                if (labels) {
                    active = labels::faces(value, x, y, z) != 0;
                } else {
                    int below = 0;
                    for (int c = 0; c < 8; ++c) below += value(x + (c & 1), y + ((c >> 1) & 1), z + (c >> 2)) < iso;
                    active = below != 0 && below != 8;
                }
                const int tx = (k % p.slices_a_side) * size + i, ty = (k / p.slices_a_side) * size + j;
                base[std::size_t(ty) * std::size_t(p.side) + std::size_t(tx)] = active ? 1 : 0;
            }
    p.levels.push_back(std::move(base));
    for (int s = p.side / 2; s >= 1; s /= 2) {
        const std::vector<std::uint32_t>& below = p.levels.back();
        std::vector<std::uint32_t> level(std::size_t(s) * std::size_t(s));
        for (int y = 0; y < s; ++y)
            for (int x = 0; x < s; ++x) {
                const std::size_t w = std::size_t(2 * s), a = std::size_t(2 * y) * w + std::size_t(2 * x);
                level[std::size_t(y) * std::size_t(s) + std::size_t(x)] = below[a] + below[a + 1] + below[a + w] + below[a + w + 1];
            }
        p.levels.push_back(std::move(level));
    }
    return p;
}

}  // namespace hp

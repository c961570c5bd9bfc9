#include "brick_grid.h"

#include <algorithm>
#include <limits>

namespace hp {
namespace {

// The voxels brick b spans along an axis of n voxels: [b·B, min(b·B + B, n − 1)].
int last_voxel(int b, int size, int n) { return std::min(b * size + size, n - 1); }

// The grid over stored values of type T, each row's range taken in the stored type and scaled
// once (the scaling keeps the order: its slope is positive, voxel_values.h).
template <typename T>
BrickGrid grid_of(const T* values, const Scaling& scale, const std::array<int, 3>& dims, int size) {
    BrickGrid g;
    g.size = size, g.dims = dims;
    for (int a = 0; a < 3; ++a) g.grid[a] = (dims[a] - 1 + size - 1) / size;
    const std::size_t n = std::size_t(g.grid[0]) * std::size_t(g.grid[1]) * std::size_t(g.grid[2]);
    g.lo.assign(n, std::numeric_limits<float>::infinity());
    g.hi.assign(n, -std::numeric_limits<float>::infinity());
    // Each voxel goes to every brick whose span holds it: one brick, or two along an axis where
    // it is a brick's apron (x = b·B with b > 0 is also brick b − 1's last voxel).
    const auto span = [size](int v, int bricks) {  // the first and last brick holding voxel v
        const int last = std::min(v / size, bricks - 1);
        return std::array<int, 2>{v % size == 0 && v > 0 ? v / size - 1 : last, last};
    };
    const std::size_t X = std::size_t(dims[0]), XY = X * std::size_t(dims[1]);
    std::vector<float> row_lo(std::size_t(g.grid[0])), row_hi(std::size_t(g.grid[0]));
    for (int z = 0; z < dims[2]; ++z) {
        const auto bz = span(z, g.grid[2]);
        for (int y = 0; y < dims[1]; ++y) {
            const auto by = span(y, g.grid[1]);
            // The row's range within each brick's x span (spans share their end voxels), then
            // those ranges into the bricks holding the row.
            const T* row = values + XY * std::size_t(z) + X * std::size_t(y);
            for (int i = 0; i < g.grid[0]; ++i) {
                const T* a = row + std::size_t(i) * std::size_t(size);
                const T* e = row + std::size_t(last_voxel(i, size, dims[0])) + 1;
                T lo = *a, hi = *a;
                for (const T* p = a + 1; p < e; ++p) lo = std::min(lo, *p), hi = std::max(hi, *p);
                row_lo[std::size_t(i)] = scale(lo), row_hi[std::size_t(i)] = scale(hi);
            }
            for (int k = bz[0]; k <= bz[1]; ++k)
                for (int j = by[0]; j <= by[1]; ++j) {
                    const std::size_t b0 = std::size_t(g.grid[0]) * (std::size_t(j) + std::size_t(g.grid[1]) * std::size_t(k));
                    for (std::size_t i = 0; i < row_lo.size(); ++i)
                        g.lo[b0 + i] = std::min(g.lo[b0 + i], row_lo[i]), g.hi[b0 + i] = std::max(g.hi[b0 + i], row_hi[i]);
                }
        }
    }
    return g;
}

}  // namespace

BrickGrid brick_grid(const float* values, const std::array<int, 3>& dims, int size) {
    return grid_of(values, Scaling{}, dims, size);
}

BrickGrid brick_grid(const VoxelValues& values, const std::array<int, 3>& dims, int size) {
    return values.visit([&](const auto* p, const Scaling& s) { return grid_of(p, s, dims, size); });
}

BrickCount active_bricks(const BrickGrid& g, float iso, std::vector<std::uint32_t>* out, const BrickCrop* crop) {
    BrickCount c;
    if (out) out->clear();
    std::size_t b = 0;
    for (int z = 0; z < g.grid[2]; ++z)
        for (int y = 0; y < g.grid[1]; ++y)
            for (int x = 0; x < g.grid[0]; ++x, ++b) {
                float lo = g.lo[b], hi = g.hi[b];
                if (crop) {
                    const int at[3] = {x, y, z};
                    bool outside = false, inside = true;
                    for (int a = 0; a < 3; ++a) {
                        const int first = at[a] * g.size, last = last_voxel(at[a], g.size, g.dims[a]);
                        outside = outside || last < crop->box.lo[a] || first > crop->box.hi[a];
                        inside = inside && first >= crop->box.lo[a] && last <= crop->box.hi[a];
                    }
                    if (outside) continue;
                    if (!inside) lo = std::min(lo, crop->background), hi = std::max(hi, crop->background);
                }
                if (!(lo < iso && hi >= iso)) continue;
                ++c.active;
                c.voxels_held += std::uint64_t(last_voxel(x, g.size, g.dims[0]) - x * g.size + 1) *
                                 std::uint64_t(last_voxel(y, g.size, g.dims[1]) - y * g.size + 1) *
                                 std::uint64_t(last_voxel(z, g.size, g.dims[2]) - z * g.size + 1);
                if (out) out->push_back(std::uint32_t(b));
            }
    return c;
}

}  // namespace hp

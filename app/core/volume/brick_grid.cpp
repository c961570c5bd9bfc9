#include "brick_grid.h"

#include <algorithm>
#include <limits>

namespace hp {
namespace {

// The voxels brick b reads along an axis of n voxels: the cells' bricks [b·B, b·B + B], the
// labels' [b·B − 1, b·B + B] (label_bricks), within the volume.
struct Spans {
    int size;
    bool labels;
    int first(int b) const { return std::max(0, b * size - (labels ? 1 : 0)); }
    int last(int b, int n) const { return std::min(b * size + size, n - 1); }
    int bricks(int n) const { return labels ? (n + size - 1) / size : (n - 1 + size - 1) / size; }
    // The first and last brick reading voxel v: one, or two along an axis where v is the
    // cells' apron (b·B with b > 0: brick b − 1's last voxel too) or a labels brick's
    // either side (b·B − 1 and b·B + B).
    std::array<int, 2> holding(int v, int grid) const {
        const int b = std::min(v / size, grid - 1), r = v - b * size;
        if (!labels) return {r == 0 && v > 0 ? b - 1 : b, b};
        return {r == 0 && b > 0 ? b - 1 : b, r == size - 1 && b + 1 < grid ? b + 1 : b};
    }
};

// An empty grid (each brick's range empty) of a volume of `dims` voxels.
BrickGrid empty_grid(const std::array<int, 3>& dims, Spans spans) {
    BrickGrid g;
    g.size = spans.size, g.dims = dims;
    for (int a = 0; a < 3; ++a) g.grid[a] = spans.bricks(dims[a]);
    const std::size_t n = std::size_t(g.grid[0]) * std::size_t(g.grid[1]) * std::size_t(g.grid[2]);
    g.lo.assign(n, std::numeric_limits<float>::infinity());
    g.hi.assign(n, -std::numeric_limits<float>::infinity());
    return g;
}

// Rows [first, end) (row r = y + Y·z, x fastest) of stored values of type T into the grid: each
// row's range within each brick's x span (spans share their end voxels) taken in the stored type
// and scaled once (the scaling keeps the order: its slope is positive, voxel_values.h), then
// into the bricks holding the row.
template <typename T>
void add_rows(BrickGrid* g, Spans spans, const T* values, const Scaling& scale, std::uint64_t first, std::uint64_t end) {
    const std::size_t X = std::size_t(g->dims[0]);
    std::vector<float> row_lo(std::size_t(g->grid[0])), row_hi(std::size_t(g->grid[0]));
    for (std::uint64_t r = first; r < end; ++r) {
        const int y = int(r % std::uint64_t(g->dims[1])), z = int(r / std::uint64_t(g->dims[1]));
        const auto bz = spans.holding(z, g->grid[2]), by = spans.holding(y, g->grid[1]);
        const T* row = values + X * std::size_t(r);
        for (int i = 0; i < g->grid[0]; ++i) {
            const T* a = row + std::size_t(spans.first(i));
            const T* e = row + std::size_t(spans.last(i, g->dims[0])) + 1;
            T lo = *a, hi = *a;
            for (const T* p = a + 1; p < e; ++p) lo = std::min(lo, *p), hi = std::max(hi, *p);
            row_lo[std::size_t(i)] = scale(lo), row_hi[std::size_t(i)] = scale(hi);
        }
        for (int k = bz[0]; k <= bz[1]; ++k)
            for (int j = by[0]; j <= by[1]; ++j) {
                const std::size_t b0 = std::size_t(g->grid[0]) * (std::size_t(j) + std::size_t(g->grid[1]) * std::size_t(k));
                for (std::size_t i = 0; i < row_lo.size(); ++i)
                    g->lo[b0 + i] = std::min(g->lo[b0 + i], row_lo[i]), g->hi[b0 + i] = std::max(g->hi[b0 + i], row_hi[i]);
            }
    }
}

template <typename T>
BrickGrid grid_of(const T* values, const Scaling& scale, const std::array<int, 3>& dims, Spans spans) {
    BrickGrid g = empty_grid(dims, spans);
    add_rows(&g, spans, values, scale, 0, std::uint64_t(dims[1]) * std::uint64_t(dims[2]));
    return g;
}

int last_voxel(int b, int size, int n) { return Spans{size, false}.last(b, n); }

}  // namespace

BrickGrid brick_grid(const float* values, const std::array<int, 3>& dims, int size) {
    return grid_of(values, Scaling{}, dims, Spans{size, false});
}

BrickGrid brick_grid(const VoxelValues& values, const std::array<int, 3>& dims, int size) {
    return values.visit([&](const auto* p, const Scaling& s) { return grid_of(p, s, dims, Spans{size, false}); });
}

BrickGridRows::BrickGridRows(const std::array<int, 3>& dims, int size) : grid_(empty_grid(dims, Spans{size, false})) {}

void BrickGridRows::arrived(const VoxelValues& values, std::uint64_t count) {
    const std::uint64_t rows = count / std::uint64_t(grid_.dims[0]);
    if (rows <= rows_) return;
    values.visit([&](const auto* p, const Scaling& s) { add_rows(&grid_, Spans{grid_.size, false}, p, s, rows_, rows); });
    rows_ = rows;
}

bool BrickGridRows::done() const { return rows_ == std::uint64_t(grid_.dims[1]) * std::uint64_t(grid_.dims[2]); }

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

BrickGrid label_bricks(const VoxelValues& values, const std::array<int, 3>& dims, int size) {
    BrickGrid g = values.visit([&](const auto* p, const Scaling& s) { return grid_of(p, s, dims, Spans{size, true}); });
    std::size_t b = 0;
    for (int z = 0; z < g.grid[2]; ++z)
        for (int y = 0; y < g.grid[1]; ++y)
            for (int x = 0; x < g.grid[0]; ++x, ++b) {
                const int at[3] = {x, y, z};
                float lo = g.lo[b], hi = g.hi[b];
                bool face = false;  // it reads past the volume: the background too
                for (int a = 0; a < 3; ++a) face = face || at[a] == 0 || at[a] * size + size > dims[a] - 1;
                if (face) lo = std::min(lo, 0.0f), hi = std::max(hi, 0.0f);
                const bool mixed = lo < hi;
                g.lo[b] = mixed || lo == 0 ? 0.0f : 1.0f;
                g.hi[b] = mixed || lo != 0 ? 1.0f : 0.0f;
            }
    return g;
}

BrickCrop label_level_crop(const BrickCrop& crop, const std::array<int, 3>& dims) {
    BrickCrop c = crop;
    for (std::size_t a = 0; a < 3; ++a) c.box.lo[a] = std::min(c.box.lo[a] + 1, dims[a] - 1);
    c.background = 0;
    return c;
}

}  // namespace hp

#include "bricked_surface.h"

#include <algorithm>
#include <cmath>

namespace hp {

std::uint32_t BrickedSurface::slots_for(const BrickGrid& grid, double budget_bytes, int max_3d) {
    const std::uint64_t bricks = grid.bricks() ? grid.bricks() : std::uint64_t(grid.grid[0]) * grid.grid[1] * grid.grid[2];
    std::uint32_t a = 1;
    while ((a + 1) * std::uint32_t(slot_side(grid)) <= std::uint32_t(max_3d) && std::uint64_t(a) * a < bricks &&
           BrickCells::bytes_for(grid, (a + 1) * (a + 1)) <= budget_bytes)
        ++a;
    return std::uint32_t(std::min<std::uint64_t>(std::uint64_t(a) * a, std::max<std::uint64_t>(bricks, 1)));
}

bool BrickedSurface::init(const BrickGrid& grid, std::uint32_t slots, std::string* error) {
    pool_.reset(slots);
    level_ = std::make_unique<BrickLevel>();
    cells_ = std::make_unique<BrickCells>();
    if (level_->init(grid, error) && cells_->init(grid, slots, error)) return true;
    level_.reset(), cells_.reset();
    return false;
}

void BrickedSurface::abandon() {
    if (level_) level_->abandon();
    if (cells_) cells_->abandon();
    level_.reset(), cells_.reset();
    pool_.reset(0);
}

BrickedSurface::Figures BrickedSurface::run(const VoxelValues& values, float iso, std::vector<float>* positions,
                                            std::vector<float>* normals) {
    Figures f;
    positions->clear(), normals->clear();
    std::vector<std::uint32_t> active = level_->read_active(level_->run(iso));
    std::sort(active.begin(), active.end());
    const std::uint64_t before = pool_.uploads();
    const std::vector<BrickResidency::Round> rounds = pool_.plan(active);
    for (const BrickResidency::Round& r : rounds) {
        cells_->upload(values, r.uploads);
        const std::uint32_t total = cells_->run_mesh(r, iso);
        const std::uint32_t n = std::uint32_t(std::min<std::uint64_t>(total, cells_->mesh_capacity()));
        f.truncated = f.truncated || n < total;
        const std::vector<float> p = cells_->read_positions(n), q = cells_->read_normals(n);
        for (std::uint32_t k = 0; k < n; ++k)
            for (std::size_t a = 0; a < 3; ++a) {
                positions->push_back(p[4 * std::size_t(k) + a]);
                normals->push_back(q[4 * std::size_t(k) + a]);
            }
        f.vertices += total;
    }
    f.active = std::uint32_t(active.size());
    f.rounds = std::uint32_t(rounds.size());
    f.uploads = pool_.uploads();
    f.uploaded = std::uint32_t(f.uploads - before);
    f.slots = pool_.slots();
    return f;
}

}  // namespace hp

#include "brick_pool.h"

#include <algorithm>
#include <numeric>
#include <type_traits>

namespace hp {

void BrickResidency::reset(std::uint32_t slots) {
    brick_of_slot_.assign(slots, kNone);
    used_.assign(slots, 0);
    slot_of_brick_.clear();
    resident_ = 0;
    plans_ = uploads_ = 0;
}

std::uint32_t BrickResidency::slot_of(std::uint32_t brick) const {
    return brick < slot_of_brick_.size() ? slot_of_brick_[brick] : kNone;
}

std::uint32_t BrickResidency::resident() const { return resident_; }

void BrickResidency::place(std::uint32_t brick, std::uint32_t slot) {
    const std::uint32_t old = brick_of_slot_[slot];
    if (old != kNone) {
        slot_of_brick_[old] = kNone;
        --resident_;
    }
    if (brick >= slot_of_brick_.size()) slot_of_brick_.resize(std::size_t(brick) + 1, kNone);
    brick_of_slot_[slot] = brick;
    slot_of_brick_[brick] = slot;
    ++resident_;
}

std::vector<BrickResidency::Round> BrickResidency::plan(const std::vector<std::uint32_t>& active, std::uint32_t round) {
    std::vector<Round> rounds;
    const std::uint32_t n = slots();
    if (active.empty() || n == 0) return rounds;
    const std::uint32_t each = round == 0 ? n : std::min(round, n);
    // A set that fits: its bricks are stamped first, so no round evicts one another needs.
    const std::uint64_t whole = active.size() <= n ? ++plans_ : 0;
    if (whole)
        for (std::uint32_t b : active)
            if (slot_of(b) != kNone) used_[slot_of(b)] = whole;
    // The resident bricks first, so that the first round keeps them; then the others.
    std::vector<std::uint32_t> order;
    order.reserve(active.size());
    for (std::uint32_t b : active)
        if (slot_of(b) != kNone) order.push_back(b);
    for (std::uint32_t b : active)
        if (slot_of(b) == kNone) order.push_back(b);
    std::vector<std::uint32_t> free;
    std::size_t next = 0;
    for (std::size_t first = 0; first < order.size(); first += each) {
        Round r;
        r.bricks.assign(order.begin() + std::ptrdiff_t(first), order.begin() + std::ptrdiff_t(std::min(order.size(), first + each)));
        std::sort(r.bricks.begin(), r.bricks.end());
        const std::uint64_t stamp = ++plans_;
        std::vector<std::uint32_t> missing;
        for (std::uint32_t b : r.bricks) {
            const std::uint32_t s = slot_of(b);
            if (s == kNone) missing.push_back(b);
            else if (!whole) used_[s] = stamp;
        }
        if (!missing.empty()) {
            // Free slots first, then those this round (a set that fits: this set) does not need,
            // used longest ago first; ordered once a round, or once a plan for a set that fits.
            if (!whole || free.empty()) {
                free.resize(n);
                std::iota(free.begin(), free.end(), 0u);
                std::stable_sort(free.begin(), free.end(), [&](std::uint32_t a, std::uint32_t b) {
                    const bool fa = brick_of_slot_[a] == kNone, fb = brick_of_slot_[b] == kNone;
                    return fa != fb ? fa : !fa && used_[a] < used_[b];
                });
                next = 0;
            }
            for (std::uint32_t b : missing) {
                while (used_[free[next]] == stamp || (whole && used_[free[next]] == whole)) ++next;  // held by this round or set
                const std::uint32_t s = free[next++];
                place(b, s);
                used_[s] = whole ? whole : stamp;
                r.uploads.push_back({b, s});
                ++uploads_;
            }
        }
        for (std::uint32_t b : r.bricks) r.slots.push_back(slot_of(b));
        rounds.push_back(std::move(r));
    }
    return rounds;
}

namespace {

int clamped(int v, int n) { return std::min(std::max(v, 0), n - 1); }

// Calls row(slot_row, source, x0) for each of the slot_side² rows of brick b's slot: slot_row its
// index in the slot (y + side · z), source the volume's index of voxel 0 of the volume row it
// holds (y and z clamped to the volume), x0 the brick's voxel −1 along x.
template <typename F>
void slot_rows(const BrickGrid& g, std::uint32_t b, F row) {
    const int side = slot_side(g);
    const int bx = int(b % std::uint32_t(g.grid[0])), by = int(b / std::uint32_t(g.grid[0]) % std::uint32_t(g.grid[1]));
    const int bz = int(b / (std::uint32_t(g.grid[0]) * std::uint32_t(g.grid[1])));
    const std::size_t X = std::size_t(g.dims[0]), XY = X * std::size_t(g.dims[1]);
    for (int z = 0; z < side; ++z)
        for (int y = 0; y < side; ++y)
            row(std::size_t(y) + std::size_t(side) * std::size_t(z),
                XY * std::size_t(clamped(bz * g.size + z - 1, g.dims[2])) + X * std::size_t(clamped(by * g.size + y - 1, g.dims[1])),
                bx * g.size - 1);
}

}  // namespace

void brick_voxels(const VoxelValues& values, const BrickGrid& g, std::uint32_t b, float* out) {
    const int side = slot_side(g);
    slot_rows(g, b, [&](std::size_t slot_row, std::size_t source, int x0) {
        // The row's voxels within the volume in one read, its ends repeated past the faces.
        const int first = std::max(x0, 0), last = std::min(x0 + side, g.dims[0]);
        float* o = out + std::size_t(side) * slot_row;
        values.read(source + std::size_t(first), std::size_t(last - first), o + (first - x0));
        for (int x = 0; x < first - x0; ++x) o[x] = o[first - x0];
        for (int x = last - x0; x < side; ++x) o[x] = o[last - x0 - 1];
    });
}

void brick_stored(const VoxelValues& values, const BrickGrid& g, std::uint32_t b, void* out) {
    const int side = slot_side(g);
    values.visit([&](const auto* from, const Scaling&) {
        using T = std::remove_const_t<std::remove_pointer_t<decltype(from)>>;
        slot_rows(g, b, [&](std::size_t slot_row, std::size_t source, int x0) {
            T* o = static_cast<T*>(out) + std::size_t(side) * slot_row;
            for (int x = 0; x < side; ++x) o[x] = from[source + std::size_t(clamped(x0 + x, g.dims[0]))];
        });
    });
}

}  // namespace hp

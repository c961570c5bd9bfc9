// The brick pool's residency (issue 40, item 3), without the GPU: a fixed number of slots, each
// holding one brick's voxels (slot_side() below), and the plan that
// puts a set of active bricks into them. A brick already resident keeps its slot (an iso change
// that needs no new brick uploads nothing); a newly active one takes a free slot, else the slot
// of the brick used longest ago that this set does not need. When the set outgrows the pool it
// is split into rounds of at most `slots` bricks (or fewer: the passes' own size, which need not
// grow with the pool), each round's bricks resident while its cells are compacted (the passes
// run once a round and append): the resident bricks go first, so that a set that fits never
// evicts a brick it needs. The GPU side (app/gpu/brick_cells.h) fills the slots with what the
// plan says to upload.
#pragma once

#include <cstdint>
#include <vector>

#include "brick_grid.h"

namespace hp {

class BrickResidency {
public:
    static constexpr std::uint32_t kNone = 0xffffffffu;

    explicit BrickResidency(std::uint32_t slots = 0) { reset(slots); }
    void reset(std::uint32_t slots);  // all slots free (a new volume, a new pool)
    std::uint32_t slots() const { return std::uint32_t(brick_of_slot_.size()); }

    struct Upload {
        std::uint32_t brick, slot;
    };
    struct Round {
        std::vector<std::uint32_t> bricks;  // the round's bricks (ascending), each resident then
        std::vector<std::uint32_t> slots;   // ... in these slots (a later round may take them)
        std::vector<Upload> uploads;         // what must be written before the round runs
    };
    // The rounds that compact `active` (brick numbers, ascending, no repeats), each of at most
    // `round` bricks (0: the pool's slots; never more); the slots are taken as planned, round
    // after round (the caller uploads each round's bricks before running it, and reads them where
    // the round says: slot_of() gives where the last round left them). A set that fits the pool
    // evicts none of its bricks, whatever the rounds.
    std::vector<Round> plan(const std::vector<std::uint32_t>& active, std::uint32_t round = 0);

    std::uint32_t slot_of(std::uint32_t brick) const;  // kNone where it is not resident
    std::uint32_t brick_of(std::uint32_t slot) const { return brick_of_slot_[slot]; }
    std::uint64_t uploads() const { return uploads_; }  // bricks written since reset
    std::uint32_t resident() const;

private:
    std::vector<std::uint32_t> brick_of_slot_;  // kNone: free
    std::vector<std::uint64_t> used_;           // the plan that last used each slot
    std::vector<std::uint32_t> slot_of_brick_;  // by brick number, kNone past its end: a word a
                                                // brick of the grid (1 MiB for 2^30 voxels)
    std::uint32_t resident_ = 0;
    std::uint64_t plans_ = 0, uploads_ = 0;
    void place(std::uint32_t brick, std::uint32_t slot);
};

// What a run of the surface in bricks did (app/gpu/bricked_surface.h in WebGL2,
// app/webgpu/bricked_mesh.h in WebGPU).
struct BrickFigures {
    std::uint32_t active = 0;     // bricks straddling the iso
    std::uint32_t rounds = 0;     // the pool filled this many times
    std::uint32_t uploaded = 0;   // bricks written into the pool by this run
    std::uint64_t uploads = 0;    // ... and since init()
    std::uint32_t slots = 0;      // the pool's
    std::uint32_t round = 0;      // the most bricks a round takes
    std::uint64_t vertices = 0;   // the surface's (3 a triangle)
    bool truncated = false;       // one brick's vertices outgrew a round's stream (a round's
                                  // are made again in halves), or the buffer its largest
                                  // size: some were lost
    // WebGL2 with profile(true) (the native benchmark): wall ms of each step, the GPU finished
    // after each (which the page's runs do not wait for): the first level and its list read
    // back, the plan, the uploads, the rounds' surfaces with their appends. WebGPU, always: the plan
    // (ms_plan), the uploads and rounds issued (ms_upload), and from the submit to the total's
    // arrival (ms_mesh: the GPU's work and the read-back's latency, seen at frame granularity),
    // and with timestamp-query the GPU's own time from the first round's start to the last
    // round's end (ms_gpu; -1 where not measured).
    double ms_level = 0, ms_plan = 0, ms_upload = 0, ms_mesh = 0, ms_gpu = -1;
};

// A slot holds a brick's voxels from one before its first to one past its apron: B + 3 a side,
// what its cells' corners need (B + 1) and their gradients by central differences (the mesh's
// normals, reference_mesh.h) one more on each side; past the volume's faces the nearest voxel,
// as the gradients clamp there.
inline int slot_side(const BrickGrid& g) { return g.size + 3; }
// Brick `b`'s slot contents (slot_side³ floats, x fastest, voxel (−1, −1, −1) of the brick
// first) in data units into `out`.
void brick_voxels(const VoxelValues& values, const BrickGrid& g, std::uint32_t b, float* out);
// The same voxels in the volume's stored type (slot_side³ of them at `out`; the scaling not
// applied): what an 8- or 16-bit pool holds.
void brick_stored(const VoxelValues& values, const BrickGrid& g, std::uint32_t b, void* out);

}  // namespace hp

// A volume's surface made in bricks in WebGPU compute (issue 40; the WebGL2 twin is
// app/gpu/bricked_surface.h): the pool a storage buffer of slots in the volume's stored type
// (shaders/brick_slots.wgsl), the residency and its rounds the CPU's (brick_pool.h), and per
// round three kernels and a scan, one submit:
//   brick_mesh_count.wgsl    a workgroup a brick: its cells' vertices summed
//   BlockScan                those sums scanned: each brick's first vertex in the round
//   brick_mesh_extract.wgsl  a workgroup a brick: its cells 256 at a time, a workgroup scan of
//                            their counts, each cell's vertices written in cell order
//   brick_mesh_total.wgsl    the round's total onto the base the next round starts from, and
//                            the 3D view's draw arguments
// so the vertices of round after round follow one another in one pair of buffers (positions
// and normals, vec4 a vertex: the layout of the frame's surface, drawn by the same view), with
// no read-back between rounds. The first level (which bricks straddle the iso) is computed from
// the ranges on the CPU, which plans the uploads from it anyway (a GPU list would first have to
// come back). The vertex total comes back asynchronously; a surface past the buffers grows them
// and is made again.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "block_scan.h"
#include "brick_pool.h"
#include "kernel.h"
#include "voxel_values.h"
#include "webgpu_uniforms.h"

namespace hp::wgpu {

// shaders/brick_state.wgsl's BrickState: the rounds' count and base (CPU), the total and the
// draw arguments (GPU) at compaction_counter.h's offsets, so the 3D view draws from it.
struct BrickState {
    std::uint32_t entries, base, pad0[10];
    std::uint32_t vertices, pad1[3];
    std::uint32_t draw_args[4];
    std::uint32_t pad2[8];
};
static_assert(sizeof(BrickState) == 112, "brick_state.wgsl's BrickState, as big as the Counter the view binds");

class BrickedMesh {
public:
    // u32 words a slot holds (slot_side³ values of `type`, packed).
    static std::uint32_t slot_words(const BrickGrid& grid, Stored type);
    // The pool's slots within `budget_bytes` and the device's largest buffer (no more than the
    // grid's bricks, at least one).
    static std::uint32_t slots_for(const BrickGrid& grid, double budget_bytes, Stored type);
    // Buffers and kernels for `grid`'s bricks of `values`' type and scaling; false and why.
    // `labels`: classify=labels, `grid` label_bricks' (brick_grid.h): the voxels between labels
    // and their surface nets (shaders/brick_label_cells.wgsl).
    // `most_vertices`: the vertex buffers grow no larger (0: as large as the device allows).
    bool init(const BrickGrid& grid, std::uint32_t slots, const VoxelValues& values, bool labels, std::string* error,
              std::uint32_t most_vertices = 0);
    std::uint32_t slot_words_now() const { return uniform_.slot_words; }  // a slot's, as made
    bool ready() const { return bool(extract_); }
    std::uint32_t slots() const { return residency_.slots(); }

    // Issues the surface of `values` (the grid's volume) at `iso`: the rounds submitted, their
    // uploads before each, the total's read-back after the last. `figures` gets what is known
    // now (bricks, rounds, uploads); the vertices come with poll().
    // `crop`: null, or a box that is not the whole volume (its outside reads the background).
    // Labels: `iso` kLabelIso.
    void run(const BrickGrid& grid, const VoxelValues& values, float iso, const BrickCrop* crop, BrickFigures* figures);
    // True when the last run's total has arrived (into figures->vertices and ->truncated);
    // *grown where it outgrew the buffers and they were made larger (run it again).
    bool poll(BrickFigures* figures, bool* grown);
    bool pending() const { return bool(total_); }

    BufferRef positions() const { return positions_; }
    BufferRef normals() const { return normals_; }
    BufferRef state() const { return state_; }  // the draw's arguments at byte 64
    std::uint32_t capacity() const { return capacity_; }

private:
    void upload(const BrickGrid& grid, const VoxelValues& values, std::vector<BrickResidency::Upload> uploads);
    bool make_outputs(std::string* error);  // positions, normals and the kernels that write them

    BrickUniform uniform_{};
    BrickResidency residency_;
    std::uint32_t capacity_ = 0, most_ = 0;  // vertices the buffers hold, and the most they may
    Buffer uniform_buffer_, tables_, pool_, entries_, state_, counts_, positions_, normals_;
    BlockScan scan_;
    Kernel count_, extract_, total_kernel_;
    Ticket total_;          // the last run's vertex total, on its way
    QuerySet queries_;      // with timestamp-query: the rounds' start and end (run())
    Buffer query_times_;
    Ticket times_;          // ... on their way with the total
    double submitted_ = 0;  // when the last round was submitted (ms, steady clock)
    WgslChoices choices_;   // the pool's value type ({brick_values}) and the mode's cells ({brick_cells})
    bool labels_ = false;
};

}  // namespace hp::wgpu

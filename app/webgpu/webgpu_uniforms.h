// The C++ twins of the WGSL uniform blocks the WebGPU stages share; each size is pinned to its
// WGSL struct's, and a pipeline gives it as the minBindingSize of a uniform of that struct
// (kernel.cpp's kUniformTwins, by the struct's name).
#pragma once

#include <cstdint>

namespace hp::wgpu {

// shaders/volume.wgsl's Volume. Its fields up to `classify` are WebGL2's `Volume` block's
// (shaders/volume.glsl, app/gpu/volume_block.h), in the same order at the same offsets
// (tests/unit/volume_block_test.cpp); a field both backends read goes in both, in that part.
struct VolumeUniform {
    std::int32_t dims[3];
    std::uint32_t atlas, tile_shift[2], tiles_shift;
    float iso;
    std::uint32_t classify, limit, fallback, keys;  // classify: Classify (0 surface, 1 solid, 2 labels)
    float params[24];
    std::uint32_t vertices, pad[3];
    std::int32_t crop_lo[3];  // the crop box (app/core/crop_box.h)
    float background;
    std::int32_t crop_hi[3];
    std::uint32_t cropped;
};
static_assert(sizeof(VolumeUniform) == 192, "matches volume.wgsl's Volume");

// shaders/scan_io_buffer.wgsl's ScanParams.
struct ScanParamsUniform {
    std::uint32_t n, fallback, aggregates, pad1;
};
static_assert(sizeof(ScanParamsUniform) == 16, "matches scan_io_buffer.wgsl's ScanParams");

// shaders/pyramid_levels.wgsl's Reduce (pyramid_classify.wgsl and pyramid_reduce.wgsl bind it).
struct ReduceUniform {
    std::uint32_t n_out, levels, from_base, src;
    std::uint32_t dst[8];
};
static_assert(sizeof(ReduceUniform) == 48, "matches pyramid_levels.wgsl's Reduce");

// shaders/pyramid_traverse.wgsl's Pyramid.
struct TraverseUniform {
    std::uint32_t top, pad[3];
    std::uint32_t offsets[16];
};
static_assert(sizeof(TraverseUniform) == 80, "matches pyramid_traverse.wgsl's Pyramid");

// shaders/count.wgsl's TotalAt, padded to 16 bytes.
struct TotalAtUniform {
    std::uint32_t index, pad[3];
};
static_assert(sizeof(TotalAtUniform) == 16, "count.wgsl's TotalAt, padded");

// shaders/scan_level.wgsl's ScanLevel.
struct ScanLevelUniform {
    std::uint32_t n, limit_at, shift, pad;
};
static_assert(sizeof(ScanLevelUniform) == 16, "matches scan_level.wgsl's ScanLevel");

// shaders/brick_state.wgsl's Bricks (the bricked surface: app/webgpu/bricked_mesh.h).
struct BrickUniform {
    std::int32_t grid[3], side;
    std::int32_t dims[3], slot_side;
    float iso, slope, intercept;
    std::uint32_t pad0;
    std::uint32_t slot_words, capacity, side_shift, pad;
    std::int32_t crop_lo[3];  // the crop box (app/core/crop_box.h): voxels outside read `background`
    float background;
    std::int32_t crop_hi[3];
    std::uint32_t cropped;    // 1 where the box is not the whole volume
};
static_assert(sizeof(BrickUniform) == 96, "matches brick_state.wgsl's Bricks");

}  // namespace hp::wgpu

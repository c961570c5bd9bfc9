// The volume's parameters as every WebGL2 program sees them: shaders/volume.glsl's uniform block
// `Volume` (std140), of which this struct is the C++ mirror. VolumeStages holds one buffer of it,
// written once a frame (VolumeStages::use) and bound at kVolumeBinding; build_program ties every
// program's `Volume` to that binding point, and the shared chunks' samplers to their units, when
// it links the program (GLSL ES 3.00 has no layout(binding)). No GL here: the unit tests compare
// it with the WebGPU twin.
//
// A setting that reaches the shaders is a field here (with its static_assert and its line in
// of(), which reads the frame's state), the member at the same offset in volume.glsl's block,
// and the shader that reads it (docs/adding.md). The first fields are laid out as WebGPU's
// `Volume` (shaders/volume.wgsl, wgpu::VolumeUniform in app/webgpu/webgpu_uniforms.h) up to
// `classify`: same order, same offsets (volume_block_test.cpp); GLSL's ints are WGSL's u32
// where the value is never negative.
#pragma once

#include <cstddef>
#include <cstdint>

#include "atlas_layout.h"
#include "frame.h"

namespace hp {

// The binding point of the `Volume` block in every program.
constexpr unsigned kVolumeBinding = 0;
// Texture units of the shared chunks' samplers (0 and 1 are the pyramid's and its base's):
// volume.glsl's atlas, mc_tables.glsl's tables.
constexpr int kAtlasUnit = 2, kMcCountsUnit = 3, kMcEdgesUnit = 4;
struct SharedSampler {
    const char* name;
    int unit;
};
constexpr SharedSampler kSharedSamplers[] = {{"uAtlas", kAtlasUnit}, {"uMcCounts", kMcCountsUnit}, {"uMcEdges", kMcEdgesUnit}};

struct VolumeBlock {
    std::int32_t dims[3] = {0, 0, 0};      // uDims: X, Y, Z
    std::int32_t atlas = 0;                // uAtlasSize: S
    std::int32_t tile_shift[2] = {0, 0};   // uTileShift: log2(W), log2(H)
    std::int32_t tiles_shift = 0;          // uTilesShift: log2(T)
    float iso = 0.0f;                      // uIso
    std::int32_t classify = 0;             // uClassify: Classify (0 surface, 1 solid, 2 labels)
    std::int32_t cropped = 0;              // uCropped: 1 where the crop box is not the whole volume
    std::int32_t pad_crop[2] = {0, 0};     // std140 aligns an ivec3 to 16 bytes
    std::int32_t crop_lo[3] = {0, 0, 0};   // uCropLo: the crop box's first voxel (crop_box.h)
    float background = 0.0f;               // uBackground: what a voxel outside it reads as
    std::int32_t crop_hi[3] = {0, 0, 0};   // uCropHi: its last voxel
    std::int32_t pad[1] = {0};             // std140 rounds the block up to 16 bytes (always last)

    // The frame's block: the layout and the settings the shaders read.
    static VolumeBlock of(const AtlasLayout& l, const FrameSettings& s) {
        VolumeBlock b;
        for (int i = 0; i < 3; ++i) b.dims[i] = l.dims[std::size_t(i)];
        b.atlas = l.atlas;
        b.tile_shift[0] = log2_exact(l.tile_w());
        b.tile_shift[1] = log2_exact(l.tile_h());
        b.tiles_shift = log2_exact(l.tiles_per_row());
        b.iso = s.iso;
        b.classify = int(s.classify);
        const CropBox box = crop_of(s, l.dims);
        b.cropped = box.whole(l.dims) ? 0 : 1;
        for (std::size_t i = 0; i < 3; ++i) b.crop_lo[i] = box.lo[i], b.crop_hi[i] = box.hi[i];
        b.background = s.background;
        return b;
    }
};
// std140: an ivec3 is 16-aligned and 12 bytes long, so an int fits after it; an ivec2 is
// 8-aligned.
static_assert(offsetof(VolumeBlock, dims) == 0 && offsetof(VolumeBlock, atlas) == 12, "std140 Volume");
static_assert(offsetof(VolumeBlock, tile_shift) == 16 && offsetof(VolumeBlock, tiles_shift) == 24, "std140 Volume");
static_assert(offsetof(VolumeBlock, iso) == 28 && offsetof(VolumeBlock, classify) == 32, "std140 Volume");
static_assert(offsetof(VolumeBlock, cropped) == 36 && offsetof(VolumeBlock, crop_lo) == 48, "std140 Volume");
static_assert(offsetof(VolumeBlock, background) == 60 && offsetof(VolumeBlock, crop_hi) == 64, "std140 Volume");
static_assert(sizeof(VolumeBlock) == 80, "std140 Volume, rounded up to 16 bytes");

}  // namespace hp

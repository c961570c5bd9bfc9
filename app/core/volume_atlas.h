// A loaded volume (volume_file.h) into its slice atlas (atlas_layout.h): the layout that holds
// it and the atlas's rows, a row of tiles at a time, as the GPU uploads them. No GL here.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "atlas_layout.h"
#include "demo_state.h"
#include "volume_file.h"

namespace hp {

// The largest atlas in each family of modes. WebGL2 with float sums: 4096², where they stay
// exact (2^24, docs/algorithm.md); with uint sums (scalar and vec4; the baseline's are float)
// up to 16384², as far as the GPU's largest texture goes: its stream textures grow with the
// count (traverse_pass.h) instead of taking S² RGBA32F (4 GiB at 16384²). WebGPU: 16384²
// holds 512³; its sums are uint and its stream and mesh buffers are sized by the volume and
// the device's binding limit, not by S² (webgpu_compaction.h).
constexpr int kMaxGlAtlas = 4096;
constexpr int kMaxComputeAtlas = 16384;
// The most voxels one atlas takes (512³ in 16384²): a volume past it opens at full resolution in
// bricks (issue 40), its atlas a preview of every f-th voxel.
constexpr std::uint64_t kMaxVolumeVoxels = std::uint64_t(1) << 27;
// The most voxels a preview holds (2^24: a 4096² atlas, 64 MiB as float). The preview only feeds
// the atlas views, the stream and the count (the surface is the bricks'), so the GPU's memory
// goes to the brick pool, and each frame that runs the preview's passes stays short.
constexpr std::uint64_t kMaxPreviewVoxels = std::uint64_t(1) << 24;
// The most a volume file opens to at all: voxels (the readers' own cap, VolumeOptions) and the
// stored bytes in the page's heap (4 GiB at most, the mesh beside them).
constexpr std::uint64_t kMaxBrickedVoxels = std::uint64_t(1) << 30;
constexpr std::uint64_t kMaxBrickedBytes = std::uint64_t(1536) << 20;
// The smallest atlas a volume gets (the PNG atlas's smallest too).
constexpr int kMinVolumeAtlas = 256;

// The largest atlas the modes in use can run, the reason it is the largest, and the ways past it.
struct AtlasLimit {
    struct Way {
        std::string text;  // "sums=uint holds up to 8192² here"
        int atlas;         // the largest atlas it holds
    };
    int atlas = kMaxGlAtlas;
    std::string what;        // why it is the largest
    std::vector<Way> ways;   // the ways past it
    // The ways that hold `needed`, joined ("" where none does).
    std::string ways_for(int needed) const;
};
// `pyramid` and `sums`: the modes in use; max_texture_size: the GPU's largest texture (0: no
// limit known).
AtlasLimit atlas_limit(Pyramid pyramid, Format sums, int max_texture_size);

// The layout for a volume of `dims`: the smallest atlas from kMinVolumeAtlas up that holds it.
// False when none within the limit does, with a sentence naming the size, the limit, why,
// and the ways out (a WebGPU mode where it is WebGL2's limit); whether the volume downsampled
// by 2 would fit is the caller's to say (DemoApp::load_volume).
bool volume_layout(const std::array<int, 3>& dims, const AtlasLimit& limit, AtlasLayout* out, std::string* error);

// Calls put(first_row, rows, band) for each row of tiles, top to bottom: band holds `rows`
// atlas rows of S floats (the tiles' texels past X or Y are 0).
void for_each_tile_row(const Volume& v, const AtlasLayout& l,
                       const std::function<void(int first_row, int rows, const float* band)>& put);

// "every 2nd voxel", "every 3rd voxel", "every 4th voxel": what a preview of every f-th voxel shows.
std::string every_fth_voxel(int f);

// The whole atlas, S×S floats (tests and the CPU reference; the GPU takes rows).
std::vector<float> volume_atlas(const Volume& v, const AtlasLayout& l);

}  // namespace hp

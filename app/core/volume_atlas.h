// A loaded volume (volume_file.h) into its slice atlas (atlas_layout.h): the layout that holds
// it and the atlas's rows, a row of tiles at a time, as the GPU uploads them. No GL here.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "atlas_layout.h"
#include "volume_file.h"

namespace hp {

// The largest atlas a volume may take: WebGL2's pyramids and float sums are exact up to 4096²
// (docs/algorithm.md), and the WebGPU buffers of that size fit the default binding limits.
constexpr int kMaxVolumeAtlas = 4096;
// The smallest atlas a volume gets (the PNG atlas's smallest too).
constexpr int kMinVolumeAtlas = 256;

// The layout for a volume of `dims`: the smallest atlas from kMinVolumeAtlas up that holds it.
// False when none within min(kMaxVolumeAtlas, max_texture_size) does (0: no GPU limit known),
// with a sentence naming the size, the limit and the way out (downsample: 2).
bool volume_layout(const std::array<int, 3>& dims, int max_texture_size, AtlasLayout* out, std::string* error);

// Calls put(first_row, rows, band) for each row of tiles, top to bottom: band holds `rows`
// atlas rows of S floats (the tiles' texels past X or Y are 0).
void for_each_tile_row(const Volume& v, const AtlasLayout& l,
                       const std::function<void(int first_row, int rows, const float* band)>& put);

// The whole atlas, S×S floats (tests and the CPU reference; the GPU takes rows).
std::vector<float> volume_atlas(const Volume& v, const AtlasLayout& l);

}  // namespace hp

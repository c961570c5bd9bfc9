// Loading a slice atlas from a PNG: 8- or 16-bit, grey or RGBA (the value is R, or grey),
// square, a power of two from 256 to 4096, with a tile size (the volume's N) that fits it.
// Every way a file can be wrong gets a sentence a user can act on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "atlas_layout.h"

namespace hp {

struct PngAtlas {
    AtlasLayout layout;
    int bits = 8;                 // 8 or 16 per channel in the file
    int channels = 1;             // as stored in the file
    std::vector<float> values;    // S×S row-major, in [0,1]; row 0 is the file's first row
};

constexpr int kDefaultPngTile = 128;
constexpr int kMinPngAtlas = 256;
constexpr int kMaxPngAtlas = 4096;

// Decodes and validates. max_texture_size is the GPU's limit (0 when unknown).
// Returns false with a message in *error; *out is untouched then.
bool load_png_atlas(const std::uint8_t* data, std::size_t size, int tile, int max_texture_size,
                    PngAtlas* out, std::string* error);

// Encodes a PNG: `samples` holds width·height·channels values in [0,1] (clamped), written
// with 8 or 16 bits per channel; channels 1 (grey), 2 (grey+alpha), 3 (RGB) or 4 (RGBA).
std::vector<std::uint8_t> encode_png(const std::vector<float>& samples, int width, int height,
                                     int channels, int bits);

}  // namespace hp

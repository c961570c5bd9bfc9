// A PNG's chunks for the atlas loader (png_atlas.cpp): walked here, not by stb_image, which
// trusts a chunk's length (allocating what it claims); every length is checked against the
// file before anything is allocated for it. And the chunks written back: the file as stb_image
// gets it, and encode_png's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hp::png {

// What the loader needs of IHDR.
struct PngHeader {
    std::uint32_t width = 0, height = 0;
    int depth = 0, color = 0, interlace = 0;
};

// The exact size of the inflated image data a header describes: per row a filter byte and the
// packed samples, for each Adam7 pass that has pixels when interlaced.
std::uint64_t inflated_size(const PngHeader& h);

// The chunks stb_image is given: IHDR, PLTE and tRNS as found, the image data (every IDAT's
// bytes, in order), and whether IEND was reached. Every length is checked against the file
// before anything is allocated for it.
struct PngChunks {
    PngHeader header;
    std::vector<std::uint8_t> ihdr, plte, trns, idat;
    bool end = false;
};

// The chunks of `size` bytes of a PNG (its signature checked by the caller) into *out; false
// with a sentence for a file truncated or damaged, a chunk the loader refuses, or no image data.
bool read_chunks(const std::uint8_t* data, std::size_t size, PngChunks* out, std::string* error);

// The file as stb_image gets it: only the chunks it needs, the image data in one IDAT.
std::vector<std::uint8_t> rebuilt(const PngChunks& c);

// Writing: a big-endian 32-bit word, and a chunk (length, type, body, CRC).
void put_be32(std::vector<std::uint8_t>* out, std::uint32_t v);
void put_chunk(std::vector<std::uint8_t>* out, const char* type, const std::uint8_t* data, std::size_t n);

}  // namespace hp::png

// DEFLATE compression (RFC 1951) for the files the page writes (the 3MF's zip entries): LZ77 over
// DEFLATE's 32 KiB window, matches found through hash chains of a bounded depth, taken greedily,
// coded with the fixed Huffman codes in one final block. Not zlib's ratio (its dynamic codes and
// lazy matching gain a fifth or so more on XML), but a few dozen lines, and what any inflater
// reads. inflate.h reads it back (the unit tests hold the two to each other and to Python's zlib).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hp {

// The raw DEFLATE stream (no zlib or gzip wrapper) of data[0, size).
std::vector<std::uint8_t> deflate_raw(const std::uint8_t* data, std::size_t size);

}  // namespace hp

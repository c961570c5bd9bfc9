// DEFLATE compression (RFC 1951) for the files the page writes (the 3MF's zip entries): LZ77 over
// DEFLATE's 32 KiB window, matches found through hash chains of a bounded depth, taken greedily,
// coded with the fixed Huffman codes in one final block. Not zlib's ratio (the AAL sample's 3MF
// XML, 107 MB: 15.9 MB here, 11.9 MB by gzip -6 with its dynamic codes and lazy matching), but
// about a hundred lines, and what any inflater reads. inflate.h reads it back (the unit tests hold it to that and to zlib's own inflater).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hp {

// The raw DEFLATE stream (no zlib or gzip wrapper) of data[0, size).
std::vector<std::uint8_t> deflate_raw(const std::uint8_t* data, std::size_t size);

}  // namespace hp

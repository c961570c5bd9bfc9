// Inflating the compressed data of volume files (gzip: NIfTI .nii.gz and NRRD `encoding: gzip`;
// zlib: MetaImage `CompressedData`): a DEFLATE decoder (RFC 1951) whose output grows as data
// actually comes out, never past a cap the caller sets from what the header promises. A few
// bytes can inflate to gigabytes: the cap stops them there, and nothing is allocated for data
// that never came. The gzip (RFC 1952) and zlib (RFC 1950) wrappers are parsed here and their
// checksums checked. (stb's inflater wants its whole output buffer up front, and has no gzip.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace hp {

enum class Wrapper { Gzip, Zlib };

enum class Inflated {
    Ended,   // the stream ended (its checksum checked) with at most `cap` bytes out
    Capped,  // `cap` bytes came out and the stream had more: the rest was not inflated
    Failed,  // damaged data: *error says what
};

// Inflates `size` bytes of a gzip or zlib stream into *out (cleared first), at most `cap` bytes.
// `progress`, where given, hears the bytes out so far after a block, about every MiB.
Inflated inflate(const std::uint8_t* data, std::size_t size, Wrapper wrapper, std::size_t cap,
                 std::vector<std::uint8_t>* out, std::string* error,
                 const std::function<void(std::size_t out)>& progress = nullptr);

// The CRC-32 of gzip and zip (ISO 3309, reflected 0xEDB88320).
std::uint32_t crc32(const std::uint8_t* data, std::size_t size);

inline bool is_gzip(const std::uint8_t* data, std::size_t size) {
    return size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
}

}  // namespace hp

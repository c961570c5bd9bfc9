// Compressed streams for the readers' tests, written by zlib itself (a writer no one here wrote):
// zlib's format (windowBits 15) or gzip's (31).
#pragma once

#include <zlib.h>

#include <cstdint>
#include <vector>

namespace hp::test {

inline std::vector<std::uint8_t> deflated(const std::vector<std::uint8_t>& in, bool gzip, int level = 9) {
    z_stream z{};
    deflateInit2(&z, level, Z_DEFLATED, gzip ? 31 : 15, 8, Z_DEFAULT_STRATEGY);
    std::vector<std::uint8_t> out(deflateBound(&z, uLong(in.size())) + 64);
    z.next_in = const_cast<Bytef*>(in.data());
    z.avail_in = uInt(in.size());
    z.next_out = out.data();
    z.avail_out = uInt(out.size());
    deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

}  // namespace hp::test

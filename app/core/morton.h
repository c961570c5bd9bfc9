// Morton (Z-order) keys of 2D texel coordinates, x in the even bits. The histopyramid visits
// children in the order (0,0), (1,0), (0,1), (1,1), so its stream lists active texels in
// exactly this order.
#pragma once

#include <cstdint>

namespace hp {

inline std::uint64_t morton_spread(std::uint32_t v) {
    std::uint64_t x = v;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFull;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFull;
    x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | (x << 2)) & 0x3333333333333333ull;
    x = (x | (x << 1)) & 0x5555555555555555ull;
    return x;
}

inline std::uint32_t morton_compact(std::uint64_t x) {
    x &= 0x5555555555555555ull;
    x = (x | (x >> 1)) & 0x3333333333333333ull;
    x = (x | (x >> 2)) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | (x >> 4)) & 0x00FF00FF00FF00FFull;
    x = (x | (x >> 8)) & 0x0000FFFF0000FFFFull;
    x = (x | (x >> 16)) & 0x00000000FFFFFFFFull;
    return std::uint32_t(x);
}

inline std::uint64_t morton_encode(std::uint32_t x, std::uint32_t y) {
    return morton_spread(x) | (morton_spread(y) << 1);
}

inline void morton_decode(std::uint64_t m, std::uint32_t* x, std::uint32_t* y) {
    *x = morton_compact(m);
    *y = morton_compact(m >> 1);
}

}  // namespace hp

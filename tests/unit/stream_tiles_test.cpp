#include <gtest/gtest.h>

#include <vector>

#include "stream_tiles.h"

namespace hp {
namespace {

// Every texel holds exactly one key, 32 consecutive keys share an 8×4 tile, and the first n
// keys lie inside tile_rows(n) rows (what the extraction draws and the read-back reads).
TEST(StreamTiles, OneKeyATexelAndTheRowsHoldThem) {
    for (std::uint32_t size : {8u, 16u, 64u, 512u}) {
        std::vector<int> seen(std::size_t(size) * size, 0);
        for (std::uint64_t k = 0; k < std::uint64_t(size) * size; ++k) {
            const TileTexel t = tile_texel(k, size);
            ASSERT_LT(t.x, size);
            ASSERT_LT(t.y, size);
            ++seen[std::size_t(t.y) * size + t.x];
            const TileTexel first = tile_texel(k / 32 * 32, size);
            EXPECT_EQ(t.x / 8, first.x / 8);
            EXPECT_EQ(t.y / 4, first.y / 4);
            EXPECT_LT(int(t.y), tile_rows(k + 1, int(size)));
        }
        for (int n : seen) ASSERT_EQ(n, 1);
    }
    EXPECT_EQ(tile_texel(0, 64).x, 0u);
    EXPECT_EQ(tile_texel(9, 64).x, 1u);   // the second row of the first tile
    EXPECT_EQ(tile_texel(9, 64).y, 1u);
    EXPECT_EQ(tile_texel(32, 64).x, 8u);  // the second tile, right of the first
    EXPECT_EQ(tile_texel(32, 64).y, 0u);
    EXPECT_EQ(tile_texel(64 * 4, 64).y, 4u);  // the second row of tiles
    EXPECT_EQ(tile_rows(0, 64), 0);
    EXPECT_EQ(tile_rows(1, 64), 4);
    EXPECT_EQ(tile_rows(256, 64), 4);
    EXPECT_EQ(tile_rows(257, 64), 8);
}

}  // namespace
}  // namespace hp

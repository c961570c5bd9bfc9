#include <gtest/gtest.h>

#include "atlas_layout.h"
#include "morton.h"
#include "volume_atlas.h"

namespace hp {
namespace {

TEST(AtlasLayout, OfferedSizes) {
    EXPECT_EQ(layout_for_volume(64).atlas, 512);
    EXPECT_EQ(layout_for_volume(128).atlas, 2048);
    EXPECT_EQ(layout_for_volume(256).atlas, 4096);
    EXPECT_EQ(layout_for_volume(128).levels(), 11);
    EXPECT_EQ(layout_for_volume(128).volume_rows(), 1024);  // tile rows 0..7 of 2048²
    EXPECT_EQ(layout_for_volume(64).volume_rows(), 512);
    EXPECT_EQ(layout_for_volume(256).volume_rows(), 4096);
}

TEST(AtlasLayout, VoxelTexelRoundTripForAllSizes) {
    for (int n : {64, 128, 256}) {
        const AtlasLayout l = layout_for_volume(n);
        const int t = l.tiles_per_row();
        for (int z = 0; z < n; ++z)
            for (int y = 0; y < n; y += 7)
                for (int x = 0; x < n; x += 5) {
                    const Texel p = l.texel_of({x, y, z});
                    ASSERT_EQ(p.x, n * (z % t) + x);
                    ASSERT_EQ(p.y, n * (z / t) + y);
                    Voxel v{};
                    ASSERT_TRUE(l.voxel_of(p, &v));
                    ASSERT_EQ(v.x, x);
                    ASSERT_EQ(v.y, y);
                    ASSERT_EQ(v.z, z);
                }
    }
}

TEST(AtlasLayout, TexelsPastTheLastSliceAreOutside) {
    const AtlasLayout l = layout_for_volume(128);
    Voxel v{};
    EXPECT_TRUE(l.voxel_of({2047, 1023}, &v));
    EXPECT_EQ(v.z, 127);
    EXPECT_FALSE(l.voxel_of({0, 1024}, &v));
    EXPECT_FALSE(l.voxel_of({2047, 2047}, &v));
}

TEST(AtlasLayout, Validation) {
    std::string why;
    EXPECT_TRUE((AtlasLayout{2048, 128}.valid(&why)));
    EXPECT_FALSE((AtlasLayout{1024, 128}.valid(&why)));  // 64 tiles for 128 slices
    EXPECT_NE(why.find("fewer than"), std::string::npos) << why;
    EXPECT_TRUE((AtlasLayout{2048, 96}.valid(&why)));  // tiles of 128², 96 used
    EXPECT_FALSE((AtlasLayout{2048, {128, 128, 1}}.valid(&why)));
    EXPECT_NE(why.find("at least 2"), std::string::npos) << why;
    EXPECT_FALSE((AtlasLayout{1000, 64}.valid(&why)));
    EXPECT_FALSE((AtlasLayout{256, 512}.valid(&why)));
}

// The largest atlas each family of modes runs, and what the refusal offers instead.
TEST(AtlasLimit, FloatSumsStopAt4096UintSumsGoToTheGpusLargest) {
    for (Pyramid p : {Pyramid::WebgpuScan, Pyramid::WebgpuPyramid}) {
        EXPECT_EQ(atlas_limit(p, Format::Float, 8192).atlas, 16384);
        EXPECT_TRUE(atlas_limit(p, Format::Float, 8192).ways.empty());
    }
    // WebGL2, float sums: exact to 2^24; uint sums offered up to the GPU's largest texture.
    const AtlasLimit f = atlas_limit(Pyramid::Scalar, Format::Float, 8192);
    EXPECT_EQ(f.atlas, 4096);
    EXPECT_EQ(f.what, "WebGL2's largest with float sums, where they stay exact");
    EXPECT_EQ(f.ways_for(8192), "sums=uint holds up to 8192² here, the WebGPU modes hold up to 16384²");
    // Only the ways that hold what is needed: uint sums stop at this GPU's 8192².
    EXPECT_EQ(f.ways_for(16384), "the WebGPU modes hold up to 16384²");
    EXPECT_EQ(f.ways_for(32768), "");
    EXPECT_EQ(atlas_limit(Pyramid::Vec4, Format::Float, 32768).ways_for(16384),
              "sums=uint holds up to 16384² here, the WebGPU modes hold up to 16384²");
    EXPECT_EQ(atlas_limit(Pyramid::Scalar, Format::Float, 4096).ways_for(8192), "the WebGPU modes hold up to 16384²");
    // The baseline's sums are float whatever the setting.
    EXPECT_EQ(atlas_limit(Pyramid::Baseline, Format::Uint, 16384).atlas, 4096);
    EXPECT_EQ(atlas_limit(Pyramid::Baseline, Format::Uint, 16384).ways_for(8192),
              "the scalar and vec4 pyramids with sums=uint hold up to 16384² here, the WebGPU modes hold up to 16384²");
    // Uint sums: the GPU's largest texture (a power of two), up to 16384² (512³).
    EXPECT_EQ(atlas_limit(Pyramid::Scalar, Format::Uint, 8192).atlas, 8192);
    EXPECT_EQ(atlas_limit(Pyramid::Scalar, Format::Uint, 8192).what, "this GPU's largest texture");
    EXPECT_EQ(atlas_limit(Pyramid::Vec4, Format::Uint, 16384).atlas, 16384);
    EXPECT_TRUE(atlas_limit(Pyramid::Vec4, Format::Uint, 16384).ways.empty());
    EXPECT_EQ(atlas_limit(Pyramid::Scalar, Format::Uint, 32768).atlas, 16384);
    EXPECT_EQ(atlas_limit(Pyramid::Scalar, Format::Uint, 0).atlas, 16384);  // no limit known
    EXPECT_EQ(atlas_limit(Pyramid::Scalar, Format::Uint, 12000).atlas, 8192);
    EXPECT_EQ(atlas_limit(Pyramid::Scalar, Format::Float, 2048).atlas, 2048);
    EXPECT_EQ(atlas_limit(Pyramid::Scalar, Format::Float, 2048).what, "this GPU's largest texture");
}

TEST(AtlasLimit, APreviewSaysWhichVoxelsItHolds) {
    EXPECT_EQ(every_fth_voxel(2), "every 2nd voxel");
    EXPECT_EQ(every_fth_voxel(3), "every 3rd voxel");
    EXPECT_EQ(every_fth_voxel(4), "every 4th voxel");
    EXPECT_EQ(every_fth_voxel(11), "every 11th voxel");
    EXPECT_EQ(every_fth_voxel(21), "every 21st voxel");
    EXPECT_EQ(every_fth_voxel(13), "every 13th voxel");
}

TEST(Morton, XIsTheLowestBit) {
    EXPECT_EQ(morton_encode(1, 0), 1u);
    EXPECT_EQ(morton_encode(0, 1), 2u);
    EXPECT_EQ(morton_encode(1, 1), 3u);
    EXPECT_EQ(morton_encode(2, 0), 4u);
    for (std::uint32_t y = 0; y < 300; y += 3)
        for (std::uint32_t x = 0; x < 4096; x += 37) {
            std::uint32_t dx, dy;
            morton_decode(morton_encode(x, y), &dx, &dy);
            ASSERT_EQ(dx, x);
            ASSERT_EQ(dy, y);
        }
}

}  // namespace
}  // namespace hp

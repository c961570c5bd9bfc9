#include <gtest/gtest.h>

#include "png_atlas.h"

namespace hp {
namespace {

std::vector<float> ramp(int w, int h, int channels) {
    std::vector<float> v(std::size_t(w) * h * channels);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = float((i / std::size_t(channels)) % 256) / 255.0f;
    return v;
}

bool load(const std::vector<std::uint8_t>& png, PngAtlas* out, std::string* error, int tile = 64,
          int max_texture = 8192) {
    return load_png_atlas(png.data(), png.size(), tile, max_texture, out, error);
}

TEST(PngAtlas, LoadsEightBitGrey) {
    const auto samples = ramp(512, 512, 1);
    PngAtlas a;
    std::string error;
    ASSERT_TRUE(load(encode_png(samples, 512, 512, 1, 8), &a, &error)) << error;
    EXPECT_EQ(a.layout.atlas, 512);
    EXPECT_EQ(a.layout.volume, 64);
    EXPECT_EQ(a.bits, 8);
    for (std::size_t i = 0; i < samples.size(); i += 97) ASSERT_EQ(a.values[i], samples[i]);
}

TEST(PngAtlas, LoadsSixteenBitRgbaTakingRed) {
    std::vector<float> rgba(256 * 256 * 4);
    for (std::size_t i = 0; i < 256 * 256; ++i) {
        rgba[4 * i + 0] = float(i * 7 % 65536) / 65535.0f;
        rgba[4 * i + 1] = 1.0f;
        rgba[4 * i + 2] = 0.0f;
        rgba[4 * i + 3] = 0.5f;
    }
    PngAtlas a;
    std::string error;
    ASSERT_TRUE(load(encode_png(rgba, 256, 256, 4, 16), &a, &error, 32)) << error;
    EXPECT_EQ(a.bits, 16);
    EXPECT_EQ(a.channels, 4);
    for (std::size_t i = 0; i < 256 * 256; i += 101) ASSERT_EQ(a.values[i], rgba[4 * i]);
}

TEST(PngAtlas, RejectsWhatIsNotAPng) {
    const std::string text = "hello, this is not an image";
    PngAtlas a;
    std::string error;
    EXPECT_FALSE(load(std::vector<std::uint8_t>(text.begin(), text.end()), &a, &error));
    EXPECT_NE(error.find("not a PNG"), std::string::npos) << error;
    EXPECT_FALSE(load({}, &a, &error));
    EXPECT_NE(error.find("empty"), std::string::npos) << error;
}

TEST(PngAtlas, RejectsATruncatedFile) {
    auto png = encode_png(ramp(512, 512, 1), 512, 512, 1, 8);
    png.resize(png.size() / 2);
    PngAtlas a;
    std::string error;
    EXPECT_FALSE(load(png, &a, &error));
    EXPECT_NE(error.find("truncated"), std::string::npos) << error;
}

TEST(PngAtlas, RejectsBadSizes) {
    PngAtlas a;
    std::string error;
    EXPECT_FALSE(load(encode_png(ramp(512, 256, 1), 512, 256, 1, 8), &a, &error));
    EXPECT_NE(error.find("square"), std::string::npos) << error;
    EXPECT_FALSE(load(encode_png(ramp(384, 384, 1), 384, 384, 1, 8), &a, &error));
    EXPECT_NE(error.find("power of two"), std::string::npos) << error;
    EXPECT_FALSE(load(encode_png(ramp(128, 128, 1), 128, 128, 1, 8), &a, &error));
    EXPECT_NE(error.find("from 256"), std::string::npos) << error;
    EXPECT_FALSE(load(encode_png(ramp(512, 512, 1), 512, 512, 1, 8), &a, &error, 64, 256));
    EXPECT_NE(error.find("largest texture"), std::string::npos) << error;
}

TEST(PngAtlas, RejectsATileThatDoesNotFit) {
    const auto png = encode_png(ramp(512, 512, 1), 512, 512, 1, 8);
    PngAtlas a;
    std::string error;
    EXPECT_FALSE(load(png, &a, &error, 128));  // 16 tiles for 128 slices
    EXPECT_NE(error.find("tile size 128"), std::string::npos) << error;
    EXPECT_FALSE(load(png, &a, &error, 48));
    EXPECT_NE(error.find("power of two"), std::string::npos) << error;
    EXPECT_TRUE(a.values.empty()) << "a failed load leaves the output alone";
}

}  // namespace
}  // namespace hp

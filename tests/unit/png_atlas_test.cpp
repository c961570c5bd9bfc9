#include <gtest/gtest.h>

#include <algorithm>

#include "png_atlas.h"

namespace hp {
namespace {

std::vector<float> ramp_image(int w, int h, int channels) {
    std::vector<float> v(std::size_t(w) * h * channels);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = float((i / std::size_t(channels)) % 256) / 255.0f;
    return v;
}

bool load(const std::vector<std::uint8_t>& png, PngAtlas* out, std::string* error, int tile = 64,
          int max_texture = 8192) {
    return load_png_atlas(png.data(), png.size(), tile, max_texture, out, error);
}

TEST(PngAtlas, LoadsEightBitGrey) {
    const auto samples = ramp_image(512, 512, 1);
    PngAtlas a;
    std::string error;
    ASSERT_TRUE(load(encode_png(samples, 512, 512, 1, 8), &a, &error)) << error;
    EXPECT_EQ(a.layout.atlas, 512);
    EXPECT_EQ(a.layout.dims[0], 64);
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
    auto png = encode_png(ramp_image(512, 512, 1), 512, 512, 1, 8);
    png.resize(png.size() / 2);
    PngAtlas a;
    std::string error;
    EXPECT_FALSE(load(png, &a, &error));
    EXPECT_NE(error.find("truncated"), std::string::npos) << error;
}

TEST(PngAtlas, RejectsBadSizes) {
    PngAtlas a;
    std::string error;
    EXPECT_FALSE(load(encode_png(ramp_image(512, 256, 1), 512, 256, 1, 8), &a, &error));
    EXPECT_NE(error.find("square"), std::string::npos) << error;
    EXPECT_FALSE(load(encode_png(ramp_image(384, 384, 1), 384, 384, 1, 8), &a, &error));
    EXPECT_NE(error.find("power of two"), std::string::npos) << error;
    EXPECT_FALSE(load(encode_png(ramp_image(128, 128, 1), 128, 128, 1, 8), &a, &error));
    EXPECT_NE(error.find("from 256"), std::string::npos) << error;
    EXPECT_FALSE(load(encode_png(ramp_image(512, 512, 1), 512, 512, 1, 8), &a, &error, 64, 256));
    EXPECT_NE(error.find("largest texture"), std::string::npos) << error;
}

TEST(PngAtlas, RejectsATileThatDoesNotFit) {
    const auto png = encode_png(ramp_image(512, 512, 1), 512, 512, 1, 8);
    PngAtlas a;
    std::string error;
    EXPECT_FALSE(load(png, &a, &error, 128));  // 16 tiles for 128 slices
    EXPECT_NE(error.find("tile size 128"), std::string::npos) << error;
    EXPECT_FALSE(load(png, &a, &error, 48));
    EXPECT_NE(error.find("power of two"), std::string::npos) << error;
    EXPECT_TRUE(a.values.empty()) << "a failed load leaves the output alone";
}

// Hostile files, written chunk by chunk (CRCs are left zero: neither loader reads them).
using Bytes = std::vector<std::uint8_t>;

void put32(Bytes* b, std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) b->push_back(std::uint8_t(v >> s));
}

void chunk(Bytes* png, const char* type, const Bytes& body) {
    put32(png, std::uint32_t(body.size()));
    png->insert(png->end(), type, type + 4);
    png->insert(png->end(), body.begin(), body.end());
    put32(png, 0);
}

// Signature and IHDR: 8-bit grey, side×side, not interlaced.
Bytes header(std::uint32_t side) {
    Bytes png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    Bytes ihdr;
    put32(&ihdr, side);
    put32(&ihdr, side);
    ihdr.insert(ihdr.end(), {8, 0, 0, 0, 0});
    chunk(&png, "IHDR", ihdr);
    return png;
}

// A zlib stream that inflates to `n` zero bytes (n - 1 a multiple of 258): one fixed-Huffman
// block, a literal 0 and then matches of 258 at distance 1, 13 bits each.
Bytes zeros_stream(std::size_t n) {
    Bytes z = {0x78, 0x01};
    std::uint32_t acc = 0;
    int bits = 0;
    auto put = [&](std::uint32_t v, int count, bool huffman) {  // Huffman codes go MSB first
        for (int i = 0; i < count; ++i) {
            const std::uint32_t bit = huffman ? (v >> (count - 1 - i)) & 1 : (v >> i) & 1;
            acc |= bit << bits;
            if (++bits == 8) z.push_back(std::uint8_t(acc)), acc = 0, bits = 0;
        }
    };
    put(1, 1, false);      // the final block
    put(1, 2, false);      // fixed Huffman codes
    put(0x30, 8, true);    // literal 0
    for (std::size_t i = 1; i < n; i += 258) {
        put(0xc5, 8, true);  // length code 285: 258
        put(0, 5, true);     // distance code 0: 1
    }
    put(0, 7, true);         // end of block
    if (bits) z.push_back(std::uint8_t(acc));
    put32(&z, 0);            // Adler-32 (not checked)
    return z;
}

TEST(PngAtlas, RejectsImageDataThatInflatesPastItsHeader) {
    // 256×256 8-bit grey needs 256 · 257 bytes; this inflates to 64 MiB (the reported file: 1 GiB).
    Bytes png = header(256);
    chunk(&png, "IDAT", zeros_stream(258 * 260101 + 1));
    chunk(&png, "IEND", {});
    PngAtlas a;
    std::string error;
    EXPECT_FALSE(load(png, &a, &error, 32));
    EXPECT_NE(error.find("inflates to more than the 65792 bytes its 256×256 header needs"), std::string::npos)
        << error;
    // A little more than needed (66,049 bytes) is rejected too, and less (65,791) as well.
    Bytes over = header(256);
    chunk(&over, "IDAT", zeros_stream(258 * 256 + 1));
    chunk(&over, "IEND", {});
    EXPECT_FALSE(load(over, &a, &error, 32));
    EXPECT_NE(error.find("inflates to more than"), std::string::npos) << error;
    Bytes under = header(256);
    chunk(&under, "IDAT", zeros_stream(258 * 255 + 1));
    chunk(&under, "IEND", {});
    EXPECT_FALSE(load(under, &a, &error, 32));
    EXPECT_NE(error.find("65791 bytes, fewer than the 65792"), std::string::npos) << error;
}

TEST(PngAtlas, RejectsAChunkLengthPastTheEndOfTheFile) {
    // The reported 41-byte file: an IDAT that claims 1 GiB.
    const Bytes png = {0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
                       0x44, 0x52, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x08, 0x00, 0x00, 0x00,
                       0x00, 0x79, 0x19, 0xf7, 0xba, 0x40, 0x00, 0x00, 0x00, 0x49, 0x44, 0x41, 0x54};
    ASSERT_EQ(png.size(), 41u);
    PngAtlas a;
    std::string error;
    EXPECT_FALSE(load(png, &a, &error));
    EXPECT_NE(error.find("IDAT chunk says it holds 1073741824 bytes, past the end of the 41-byte file"),
              std::string::npos) << error;
}

TEST(PngAtlas, LoadsAFileWhoseFirstIdatIsEmpty) {
    // Legal, and it made stb_image call memcpy(NULL, ..., 0): tests/fuzz replays it under UBSan.
    const auto good = encode_png(ramp_image(256, 256, 1), 256, 256, 1, 8);
    Bytes png(good.begin(), good.begin() + 33);  // signature and IHDR
    chunk(&png, "IDAT", {});
    png.insert(png.end(), good.begin() + 33, good.end());
    PngAtlas a;
    std::string error;
    ASSERT_TRUE(load(png, &a, &error, 32)) << error;
    EXPECT_EQ(a.values[300], float(300 % 256) / 255.0f);
}

TEST(PngAtlas, SaysAHugeAtlasIsTooLarge) {
    Bytes png = header(65535);
    chunk(&png, "IDAT", zeros_stream(259));
    chunk(&png, "IEND", {});
    PngAtlas a;
    std::string error;
    EXPECT_FALSE(load(png, &a, &error));
    EXPECT_NE(error.find("65535×65535, too large: the largest is 4096×4096"), std::string::npos) << error;
}

TEST(PngAtlas, RejectsAFileWithoutImageDataOrEnd) {
    const auto good = encode_png(ramp_image(256, 256, 1), 256, 256, 1, 8);
    PngAtlas a;
    std::string error;
    Bytes no_end(good.begin(), good.end() - 12);  // IEND cut off at a chunk boundary
    EXPECT_FALSE(load(no_end, &a, &error, 32));
    EXPECT_NE(error.find("before its IEND chunk"), std::string::npos) << error;
    Bytes no_data = header(256);
    chunk(&no_data, "IEND", {});
    EXPECT_FALSE(load(no_data, &a, &error, 32));
    EXPECT_NE(error.find("no image data"), std::string::npos) << error;
}

TEST(PngAtlas, RejectsUnknownCriticalChunksWithoutRepeatingTheirBytes) {
    PngAtlas a;
    std::string error;
    Bytes odd = header(256);
    chunk(&odd, "ABCD", {1, 2});
    chunk(&odd, "IEND", {});
    EXPECT_FALSE(load(odd, &a, &error, 32));
    EXPECT_NE(error.find("an ABCD chunk that this loader does not know"), std::string::npos) << error;
    Bytes control = header(256);
    chunk(&control, "I\n\x01D", {});
    EXPECT_FALSE(load(control, &a, &error, 32));
    EXPECT_NE(error.find("a chunk of no valid type"), std::string::npos) << error;
    Bytes twice = header(256);
    chunk(&twice, "IHDR", Bytes(twice.begin() + 16, twice.begin() + 29));
    EXPECT_FALSE(load(twice, &a, &error, 32));
    EXPECT_NE(error.find("second IHDR"), std::string::npos) << error;
}

TEST(PngAtlas, LoadsAnInterlacedFile) {
    // Adam7: the needed size is the sum of the seven passes' rows (256² grey: 66,016 bytes).
    Bytes png = header(256);
    png[28] = 1;  // interlace method of IHDR
    std::size_t need = 0;
    for (int p = 0; p < 7; ++p) {
        static const int x0[7] = {0, 4, 0, 2, 0, 1, 0}, y0[7] = {0, 0, 4, 0, 2, 0, 1};
        static const int dx[7] = {8, 8, 4, 4, 2, 2, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
        need += std::size_t((256 - y0[p] + dy[p] - 1) / dy[p]) * (1 + (256 - x0[p] + dx[p] - 1) / dx[p]);
    }
    ASSERT_EQ(need, 66016u);
    // Stored blocks of zeros (zeros_stream makes only 1 + 258·k bytes).
    Bytes z = {0x78, 0x01};
    for (std::size_t left = need; left > 0;) {
        const std::size_t n = std::min<std::size_t>(left, 65535);
        left -= n;
        z.push_back(left == 0 ? 1 : 0);
        z.insert(z.end(), {std::uint8_t(n), std::uint8_t(n >> 8), std::uint8_t(~n), std::uint8_t(~n >> 8)});
        z.insert(z.end(), n, 0);
    }
    put32(&z, 0);
    chunk(&png, "IDAT", z);
    chunk(&png, "IEND", {});
    PngAtlas a;
    std::string error;
    ASSERT_TRUE(load(png, &a, &error, 32)) << error;
    EXPECT_EQ(a.values.size(), 65536u);
}

}  // namespace
}  // namespace hp

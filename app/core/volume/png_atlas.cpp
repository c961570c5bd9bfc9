// The atlas PNG: its chunks walked and checked (png_chunks.cpp), its image data's inflated size
// checked, then decoded by stb_image; and encode_png.
#include "png_atlas.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "png_chunks.h"

#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

namespace hp {

using png::inflated_size;
using png::PngChunks;
using png::put_be32;
using png::put_chunk;
using png::read_chunks;
using png::rebuilt;

namespace {

// Inflates the image data into a buffer of exactly the size the header needs: a stream that
// inflates to more (a few bytes can inflate to gigabytes) is stopped there and rejected.
bool check_image_data(const PngChunks& c, std::string* error) {
    const std::uint64_t need = inflated_size(c.header);
    std::vector<char> inflated(std::size_t(need) + 1);  // one byte more: an overrun shows
    const int got = stbi_zlib_decode_buffer(inflated.data(), int(inflated.size()),
                                            reinterpret_cast<const char*>(c.idat.data()), int(c.idat.size()));
    const std::string size = std::to_string(c.header.width) + "×" + std::to_string(c.header.height);
    const char* reason = stbi_failure_reason();  // null where stb gave none
    const std::string why = reason ? reason : "no reason given";
    if (got > int(need) || (got < 0 && why == "output buffer limit")) {
        *error = "the PNG's image data inflates to more than the " + std::to_string(need) + " bytes its " + size +
                 " header needs: the file is damaged or made to exhaust memory";
        return false;
    }
    if (got < 0) {
        *error = "the PNG's image data cannot be inflated (" + why + "): the file may be truncated or damaged";
        return false;
    }
    if (got < int(need)) {
        *error = "the PNG's image data inflates to " + std::to_string(got) + " bytes, fewer than the " +
                 std::to_string(need) + " its " + size + " header needs: the file may be truncated or damaged";
        return false;
    }
    return true;
}

}  // namespace

bool load_png_atlas(const std::uint8_t* data, std::size_t size, int tile, int max_texture_size,
                    PngAtlas* out, std::string* error) {
    auto fail = [&](std::string why) {
        *error = std::move(why);
        return false;
    };
    static const std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (size == 0) return fail("the file is empty");
    if (size < 8 || std::memcmp(data, kSignature, 8) != 0)
        return fail("the file is not a PNG (its first bytes are not the PNG signature)");
    if (size > std::size_t(INT32_MAX)) return fail("the file is too large");

    // The chunks are walked by png_chunks.cpp, not by stb_image, which trusts a chunk's length
    // (allocating what it claims) and inflates the image data without a bound.
    PngChunks chunks;
    std::string why;
    if (!read_chunks(data, size, &chunks, &why)) return fail(why);
    const std::int64_t w = chunks.header.width, h = chunks.header.height;
    if (w > kMaxPngAtlas || h > kMaxPngAtlas)
        return fail("the atlas is " + std::to_string(w) + "×" + std::to_string(h) + ", too large: the largest is " +
                    std::to_string(kMaxPngAtlas) + "×" + std::to_string(kMaxPngAtlas));
    if (w != h)
        return fail("the atlas is " + std::to_string(w) + "×" + std::to_string(h) +
                    "; it must be square");
    if (!is_power_of_two(w))
        return fail("the atlas is " + std::to_string(w) + "²; its side must be a power of two");
    if (w < kMinPngAtlas || w > kMaxPngAtlas)
        return fail("the atlas is " + std::to_string(w) + "²; sizes from " +
                    std::to_string(kMinPngAtlas) + "² to " + std::to_string(kMaxPngAtlas) +
                    "² are supported");
    if (max_texture_size > 0 && w > max_texture_size)
        return fail("the atlas is " + std::to_string(w) + "², more than this GPU's largest texture (" +
                    std::to_string(max_texture_size) + ")");
    const AtlasLayout layout{int(w), tile};
    if (!is_power_of_two(tile))
        return fail("tile size " + std::to_string(tile) + " does not fit: it is not a power of two");
    if (!layout.valid(&why)) return fail("tile size " + std::to_string(tile) + " does not fit: " + why);
    if (!check_image_data(chunks, &why)) return fail(why);

    const bool is16 = chunks.header.depth == 16;
    const std::vector<std::uint8_t> clean = rebuilt(chunks);
    chunks = PngChunks();
    int rw = 0, rh = 0, rc = 0;
    // 16-bit decoding for both depths: stb scales 8-bit v to v·257, and v·257/65535 is v/255.
    stbi_us* pixels = stbi_load_16_from_memory(clean.data(), int(clean.size()), &rw, &rh, &rc, 0);
    if (!pixels)
        return fail(std::string("the PNG cannot be decoded (") + stbi_failure_reason() +
                    "): the file may be truncated or damaged");
    out->layout = layout;
    out->bits = is16 ? 16 : 8;
    out->channels = rc;
    out->values.resize(std::size_t(w) * w);
    for (std::size_t i = 0; i < out->values.size(); ++i)
        out->values[i] = float(pixels[i * std::size_t(rc)]) / 65535.0f;
    stbi_image_free(pixels);
    return true;
}

std::vector<std::uint8_t> encode_png(const std::vector<float>& samples, int width, int height,
                                     int channels, int bits) {
    static const std::uint8_t kColorType[5] = {0, 0, 4, 2, 6};
    const int bytes = bits / 8;
    const std::size_t row = std::size_t(width) * channels * bytes;
    const float scale = bits == 16 ? 65535.0f : 255.0f;
    std::vector<std::uint8_t> raw;  // each row: filter byte 0, then big-endian samples
    raw.reserve((row + 1) * std::size_t(height));
    for (int y = 0; y < height; ++y) {
        raw.push_back(0);
        for (std::size_t i = 0; i < std::size_t(width) * channels; ++i) {
            const float v = samples[std::size_t(y) * width * channels + i];
            const auto q = std::uint32_t(std::lround(std::clamp(v, 0.0f, 1.0f) * scale));
            if (bytes == 2) raw.push_back(std::uint8_t(q >> 8));
            raw.push_back(std::uint8_t(q));
        }
    }
    int zlen = 0;
    unsigned char* z = stbi_zlib_compress(raw.data(), int(raw.size()), &zlen, 9);
    std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    std::vector<std::uint8_t> ihdr;
    put_be32(&ihdr, std::uint32_t(width));
    put_be32(&ihdr, std::uint32_t(height));
    ihdr.insert(ihdr.end(), {std::uint8_t(bits), kColorType[channels], 0, 0, 0});
    put_chunk(&png, "IHDR", ihdr.data(), ihdr.size());
    put_chunk(&png, "IDAT", z, std::size_t(zlen));
    put_chunk(&png, "IEND", nullptr, 0);
    STBIW_FREE(z);
    return png;
}

}  // namespace hp

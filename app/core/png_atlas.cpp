#include "png_atlas.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

namespace hp {

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

    int w = 0, h = 0, channels = 0;
    if (!stbi_info_from_memory(data, int(size), &w, &h, &channels))
        return fail(std::string("the PNG header cannot be read (") + stbi_failure_reason() + ")");
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
    const AtlasLayout layout{w, tile};
    std::string why;
    if (!layout.valid(&why)) return fail("tile size " + std::to_string(tile) + " does not fit: " + why);

    const bool is16 = stbi_is_16_bit_from_memory(data, int(size)) != 0;
    int rw = 0, rh = 0, rc = 0;
    // 16-bit decoding for both depths: stb scales 8-bit v to v·257, and v·257/65535 is v/255.
    stbi_us* pixels = stbi_load_16_from_memory(data, int(size), &rw, &rh, &rc, 0);
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

namespace {

std::uint32_t crc32(const std::uint8_t* p, std::size_t n, std::uint32_t crc = 0) {
    crc = ~crc;
    for (std::size_t i = 0; i < n; ++i) {
        crc ^= p[i];
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

void put_be32(std::vector<std::uint8_t>* out, std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) out->push_back(std::uint8_t(v >> s));
}

void put_chunk(std::vector<std::uint8_t>* out, const char* type, const std::uint8_t* data,
               std::size_t n) {
    put_be32(out, std::uint32_t(n));
    const std::size_t at = out->size();
    out->insert(out->end(), type, type + 4);
    out->insert(out->end(), data, data + n);
    put_be32(out, crc32(out->data() + at, n + 4));
}

}  // namespace

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

#include "png_atlas.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

namespace hp {

namespace {

std::uint32_t be32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3];
}

void put_chunk(std::vector<std::uint8_t>* out, const char* type, const std::uint8_t* data, std::size_t n);

// What the loader needs of IHDR.
struct PngHeader {
    std::uint32_t width = 0, height = 0;
    int depth = 0, color = 0, interlace = 0;
};

// Samples per pixel of a colour type (palette: one index), 0 for an invalid type or depth.
int samples_per_pixel(int color, int depth) {
    const bool depth_ok = depth == 8 || depth == 16 || (depth < 8 && (color == 0 || color == 3) &&
                                                         (depth == 1 || depth == 2 || depth == 4));
    if (!depth_ok || (color == 3 && depth == 16)) return 0;
    switch (color) {
        case 0: case 3: return 1;
        case 2: return 3;
        case 4: return 2;
        case 6: return 4;
    }
    return 0;
}

// The exact size of the inflated image data a header describes: per row a filter byte and the
// packed samples, for each Adam7 pass that has pixels when interlaced.
std::uint64_t inflated_size(const PngHeader& h) {
    const std::uint64_t bits = std::uint64_t(samples_per_pixel(h.color, h.depth)) * h.depth;
    auto image = [&](std::uint64_t w, std::uint64_t rows) {
        return w == 0 || rows == 0 ? 0 : rows * (1 + (w * bits + 7) / 8);
    };
    if (!h.interlace) return image(h.width, h.height);
    static const int x0[7] = {0, 4, 0, 2, 0, 1, 0}, y0[7] = {0, 0, 4, 0, 2, 0, 1};
    static const int dx[7] = {8, 8, 4, 4, 2, 2, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
    std::uint64_t total = 0;
    for (int p = 0; p < 7; ++p)
        total += image((h.width + dx[p] - 1 - x0[p]) / dx[p], (h.height + dy[p] - 1 - y0[p]) / dy[p]);
    return total;
}

constexpr std::size_t kMaxPngChunks = 1 << 16;

// The chunks stb_image is given: IHDR, PLTE and tRNS as found, the image data (every IDAT's
// bytes, in order), and whether IEND was reached. Every length is checked against the file
// before anything is allocated for it.
struct PngChunks {
    PngHeader header;
    std::vector<std::uint8_t> ihdr, plte, trns, idat;
    bool end = false;
};

// One chunk's body into `out` (the `count`th chunk, of type `name`, four letters or not;
// `named` says it in a message); false with a message for a chunk the loader refuses.
struct ChunkName {
    std::string type, named;
    bool letters;
};
bool take_chunk(const ChunkName& chunk, const std::uint8_t* body, std::uint32_t length, std::size_t count,
                PngChunks* out, std::string* error) {
    const std::string& name = chunk.type;
    const std::string& named = chunk.named;
    const bool letters = chunk.letters;
    if (count == 1 && (name != "IHDR" || length != 13)) {
        *error = "the PNG header cannot be read (its first chunk is not a 13-byte IHDR)";
        return false;
    }
    if (name == "IHDR" && count == 1) {
        out->ihdr.assign(body, body + length);
        out->header = {be32(body), be32(body + 4), body[8], body[9], body[12]};
        if (body[10] != 0 || body[11] != 0 || body[12] > 1 || !samples_per_pixel(out->header.color, out->header.depth)) {
            *error = "the PNG header cannot be read (colour type " + std::to_string(body[9]) + ", " +
                     std::to_string(body[8]) + " bits, compression " + std::to_string(body[10]) + ", filter " +
                     std::to_string(body[11]) + ", interlace " + std::to_string(body[12]) +
                     " is not a valid combination)";
            return false;
        }
    } else if (name == "IHDR") {
        *error = "the PNG has a second IHDR chunk";
        return false;
    } else if (name == "PLTE") {
        out->plte.assign(body, body + length);
    } else if (name == "tRNS") {
        out->trns.assign(body, body + length);
    } else if (name == "IDAT") {
        out->idat.insert(out->idat.end(), body, body + length);  // an empty IDAT adds nothing
    } else if (name == "IEND") {
        out->end = true;
    } else if (!letters || !(name[0] & 0x20)) {  // a critical chunk the loader does not know
        *error = "the PNG has " + named + " that this loader does not know (a critical one)";
        return false;
    }
    return true;
}

bool read_chunks(const std::uint8_t* data, std::size_t size, PngChunks* out, std::string* error) {
    std::size_t at = 8, count = 0;
    while (at < size && !out->end) {
        if (size - at < 8) {
            *error = "the PNG ends inside a chunk header: the file is truncated";
            return false;
        }
        const std::uint32_t length = be32(data + at);
        const char type[5] = {char(data[at + 4]), char(data[at + 5]), char(data[at + 6]), char(data[at + 7]), 0};
        // For messages: a chunk type is four ASCII letters, anything else is not repeated.
        const bool letters = std::all_of(type, type + 4, [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
        const std::string named = !letters ? "a chunk of no valid type" : (std::strchr("AEIOU", type[0]) ? "an " : "a ") +
                                                                             std::string(type) + " chunk";
        if (std::uint64_t(length) + 12 > size - at) {  // the body and its CRC
            *error = named + " says it holds " + std::to_string(length) + " bytes, past the end of the " +
                     std::to_string(size) + "-byte file: the file is truncated or damaged";
            return false;
        }
        if (++count > kMaxPngChunks) {
            *error = "the PNG has more than " + std::to_string(kMaxPngChunks) + " chunks";
            return false;
        }
        if (!take_chunk({type, named, letters}, data + at + 8, length, count, out, error)) return false;
        at += 12 + std::size_t(length);
    }
    if (!out->end) {
        *error = "the PNG ends before its IEND chunk: the file is truncated";
        return false;
    }
    if (out->idat.empty()) {
        *error = "the PNG has no image data (no IDAT chunk with bytes)";
        return false;
    }
    return true;
}

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

// The file as stb_image gets it: only the chunks it needs, the image data in one IDAT.
std::vector<std::uint8_t> rebuilt(const PngChunks& c) {
    std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    put_chunk(&png, "IHDR", c.ihdr.data(), c.ihdr.size());
    if (!c.plte.empty()) put_chunk(&png, "PLTE", c.plte.data(), c.plte.size());
    if (!c.trns.empty()) put_chunk(&png, "tRNS", c.trns.data(), c.trns.size());
    put_chunk(&png, "IDAT", c.idat.data(), c.idat.size());
    put_chunk(&png, "IEND", nullptr, 0);
    return png;
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

    // The chunks are walked here, not by stb_image, which trusts a chunk's length (allocating
    // what it claims) and inflates the image data without a bound.
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

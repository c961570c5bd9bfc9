// A PNG's chunks walked with every length checked, and written back (png_chunks.h).
#include "png_chunks.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace hp::png {
namespace {

std::uint32_t be32(const std::uint8_t* p) {
    return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3];
}

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

constexpr std::size_t kMaxPngChunks = 1 << 16;

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

std::uint32_t crc32(const std::uint8_t* p, std::size_t n, std::uint32_t crc = 0) {
    crc = ~crc;
    for (std::size_t i = 0; i < n; ++i) {
        crc ^= p[i];
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

}  // namespace

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

std::vector<std::uint8_t> rebuilt(const PngChunks& c) {
    std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    put_chunk(&png, "IHDR", c.ihdr.data(), c.ihdr.size());
    if (!c.plte.empty()) put_chunk(&png, "PLTE", c.plte.data(), c.plte.size());
    if (!c.trns.empty()) put_chunk(&png, "tRNS", c.trns.data(), c.trns.size());
    put_chunk(&png, "IDAT", c.idat.data(), c.idat.size());
    put_chunk(&png, "IEND", nullptr, 0);
    return png;
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

}  // namespace hp::png

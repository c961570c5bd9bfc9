// Fuzzes the PNG atlas loader (load_png_atlas, the function the page calls): the first byte
// picks the tile size, the rest is the file. A load either fails with a message or gives a
// whole atlas of values in [0, 1]; a message never repeats a control character from the file.
// ASan and UBSan catch the rest (scripts/fuzz.sh).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "check.h"

#include "png_atlas.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    // Mostly the tile sizes that fit some atlas (8..256), sometimes any byte.
    const int tile = data[0] < 192 ? 8 << (data[0] % 6) : data[0];
    // The GPU's limit keeps each decode small (up to 1024²); larger headers are refused first.
    constexpr int kMaxTexture = 1024;
    hp::PngAtlas atlas;
    std::string error;
    if (!hp::load_png_atlas(data + 1, size - 1, tile, kMaxTexture, &atlas, &error)) {
        check(!error.empty(), "a rejection has a message");
        for (char c : error) check(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f, "no control character in a message");
        check(atlas.values.empty(), "a rejection leaves the output alone");
        return 0;
    }
    std::string why;
    check(atlas.layout.valid(&why), "a loaded atlas has a valid layout");
    check(atlas.layout.dims[0] == tile && atlas.layout.atlas <= kMaxTexture, "the layout is the one asked for");
    check(atlas.values.size() == std::size_t(atlas.layout.texel_count()), "one value a texel");
    check(atlas.bits == 8 || atlas.bits == 16, "8 or 16 bits");
    for (float v : atlas.values) check(v >= 0.0f && v <= 1.0f, "values in [0, 1]");
    return 0;
}

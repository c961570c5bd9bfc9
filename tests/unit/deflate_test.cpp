// The page's DEFLATE writer (app/core/volume/deflate.h, the 3MF's zip entries) read back by zlib
// (raw inflate: a reader no one here wrote) and by the page's own inflater, byte for byte, on
// inputs that reach its corners: nothing, one byte, runs longer than a match, matches at the far
// end of the window and past it, bytes with nothing to match, and a mesh file's XML.
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "deflate.h"
#include "inflate.h"
#include "mesh_export.h"

namespace hp {
namespace {

std::vector<std::uint8_t> zlib_raw_inflate(const std::vector<std::uint8_t>& packed, std::size_t size, int* status) {
    z_stream z{};
    inflateInit2(&z, -15);
    std::vector<std::uint8_t> out(size + 1);
    z.next_in = const_cast<Bytef*>(packed.data());
    z.avail_in = uInt(packed.size());
    z.next_out = out.data();
    z.avail_out = uInt(out.size());
    *status = inflate(&z, Z_FINISH);
    out.resize(z.total_out);
    inflateEnd(&z);
    return out;
}

// The same stream in zlib's wrapper (header, then the Adler-32 of the data) for hp::inflate.
std::vector<std::uint8_t> zlib_wrapped(const std::vector<std::uint8_t>& raw, const std::vector<std::uint8_t>& data) {
    std::vector<std::uint8_t> z = {0x78, 0x01};
    z.insert(z.end(), raw.begin(), raw.end());
    const uLong a = adler32(adler32(0, nullptr, 0), data.data(), uInt(data.size()));
    for (int s = 24; s >= 0; s -= 8) z.push_back(std::uint8_t(a >> s));
    return z;
}

// Deflated and read back both ways; returns the compressed size.
std::size_t round_trip(const std::vector<std::uint8_t>& data) {
    const std::vector<std::uint8_t> packed = deflate_raw(data.data(), data.size());
    int status = 0;
    EXPECT_EQ(zlib_raw_inflate(packed, data.size(), &status), data) << "zlib reads other bytes";
    EXPECT_EQ(status, Z_STREAM_END);
    std::vector<std::uint8_t> ours;
    std::string error;
    const std::vector<std::uint8_t> wrapped = zlib_wrapped(packed, data);
    EXPECT_EQ(hp::inflate(wrapped.data(), wrapped.size(), Wrapper::Zlib, data.size() + 1, &ours, &error), Inflated::Ended) << error;
    EXPECT_EQ(ours, data) << "the page's inflater reads other bytes";
    return packed.size();
}

TEST(Deflate, EmptyAndTiny) {
    round_trip({});
    round_trip({'a'});
    round_trip({'a', 'b'});
    round_trip({'a', 'a', 'a', 'a'});
}

TEST(Deflate, LongRunsAndWholeMatches) {
    EXPECT_LT(round_trip(std::vector<std::uint8_t>(100000, 0)), 1000u);  // distance 1, lengths of 258
    std::vector<std::uint8_t> r;
    for (int i = 0; i < 5000; ++i) r.insert(r.end(), {'a', 'b', 'c', std::uint8_t('0' + i % 7)});
    round_trip(r);
}

TEST(Deflate, TheWindowsEdge) {
    // A 300-byte phrase, then noise, then the phrase again 32,767 (the farthest DEFLATE reaches
    // here), 32,768 and 40,000 bytes after it began.
    std::mt19937 rng(7);
    std::vector<std::uint8_t> phrase(300);
    for (auto& b : phrase) b = std::uint8_t(rng());
    for (std::size_t gap : {32767u, 32768u, 40000u}) {
        std::vector<std::uint8_t> d = phrase;
        while (d.size() < gap) d.push_back(std::uint8_t(rng()));
        d.insert(d.end(), phrase.begin(), phrase.end());
        round_trip(d);
    }
}

TEST(Deflate, NoiseAndText) {
    std::mt19937 rng(11);
    std::vector<std::uint8_t> noise(200000);
    for (auto& b : noise) b = std::uint8_t(rng());
    EXPECT_LT(round_trip(noise), noise.size() * 113 / 100);  // fixed codes: 9 bits for half the bytes
    // A mesh file's kind of text: the OBJ of a sphere's surface.
    std::vector<float> v(32 * 32 * 32);
    for (int z = 0; z < 32; ++z)
        for (int y = 0; y < 32; ++y)
            for (int x = 0; x < 32; ++x) v[std::size_t(x + 32 * (y + 32 * z))] = float((x - 15.5) * (x - 15.5) + (y - 15.5) * (y - 15.5) + (z - 15.5) * (z - 15.5));
    std::string error;
    const std::vector<std::uint8_t> obj = export_mesh(volume_mesh(v.data(), {32, 32, 32}, 144.0f, false), MeshFile::Obj,
                                                      {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}, &error);
    ASSERT_GT(obj.size(), 100000u) << error;
    EXPECT_LT(round_trip(obj), obj.size() / 2);
}

}  // namespace
}  // namespace hp

// What the page's reader worker hands the app (app/reader/): a volume's description as text and
// back (volume_meta.h: one JSON object), and the progress the readers report during a long read (volume_file.h),
// the header of a file too large to read from its start alone.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <string>
#include <vector>

#include "volume_file.h"
#include "volume_meta.h"
#include "zlib_streams.h"

namespace hp {
namespace {

using Bytes = std::vector<std::uint8_t>;

Volume described() {
    Volume v;
    v.dims = {37, 23, 11};
    v.spacing = {0.1, 1.0 / 3.0, 2.5e-7};
    v.to_world = {-0.1, 0, 0, 12.345678901234567, 0, -1.0 / 3.0, 0, -7, 0, 0.01, 2.5e-7, 1e300};
    v.file = "nrrd";
    v.type = "int16";
    v.space = "LPS";
    v.replaced = 12;
    v.notes = {"4D file: its first volume", "a note\nwith a line break"};
    v.labels.from = "seg.nrrd";
    v.labels.entries = {{1, "liver", {200, 100, 50}, true}, {2.5f, "no colour", {}, false}, {-3, "", {0, 0, 255}, true}};
    return v;
}

TEST(VolumeMeta, RoundTripsEverythingButTheValues) {
    const Volume v = described();
    Volume back;
    back.values = VoxelValues(std::vector<float>{1, 2, 3});  // kept: the values come apart
    std::string error;
    ASSERT_TRUE(read_volume_meta(volume_meta_text(v), &back, &error)) << error;
    EXPECT_EQ(back.dims, v.dims);
    EXPECT_EQ(back.spacing, v.spacing);    // exactly: 17 digits
    EXPECT_EQ(back.to_world, v.to_world);
    EXPECT_EQ(back.file, v.file);
    EXPECT_EQ(back.type, v.type);
    EXPECT_EQ(back.space, v.space);
    EXPECT_EQ(back.replaced, v.replaced);
    ASSERT_EQ(back.notes.size(), 2u);
    EXPECT_EQ(back.notes[0], v.notes[0]);
    EXPECT_EQ(back.notes[1], v.notes[1]);  // its line break kept
    EXPECT_EQ(back.labels.from, "seg.nrrd");
    ASSERT_EQ(back.labels.entries.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(back.labels.entries[i].value, v.labels.entries[i].value);
        EXPECT_EQ(back.labels.entries[i].name, v.labels.entries[i].name);
        EXPECT_EQ(back.labels.entries[i].has_color, v.labels.entries[i].has_color);
        if (v.labels.entries[i].has_color) {
            EXPECT_EQ(back.labels.entries[i].rgb, v.labels.entries[i].rgb);
        }
    }
    EXPECT_EQ(back.values.to_floats(), (std::vector<float>{1, 2, 3}));
}

TEST(VolumeMeta, RefusesWhatItDoesNotWriteNamingTheMember) {
    Volume back;
    back.file = "untouched";
    std::string error;
    EXPECT_FALSE(read_volume_meta(R"({"dims": [4, 4, 4], "spacing": [1, 1]})", &back, &error));
    EXPECT_EQ(error, "the volume's description: 'spacing'");
    EXPECT_FALSE(read_volume_meta(R"({"dims": [4, 4, 4], "colour": "red"})", &back, &error));
    EXPECT_EQ(error, "the volume's description: 'colour'");
    EXPECT_FALSE(read_volume_meta(R"({"labels": [{"value": 1, "name": "x", "rgb": [300, 0, 0]}]})", &back, &error));
    EXPECT_FALSE(read_volume_meta(R"({"dims": [4, 4, 4.5]})", &back, &error));
    EXPECT_FALSE(read_volume_meta("dims=4,4,4\n", &back, &error));  // the old lines are no JSON
    EXPECT_EQ(error.rfind("the volume's description: JSON at byte 0", 0), 0u) << error;
    EXPECT_EQ(back.file, "untouched");
}

Bytes gzipped(const Bytes& in) { return test::deflated(in, true, 6); }

struct Heard {
    std::string task;
    std::uint64_t done, total;
};

// A gzip NRRD of 256×256×40 uint8 (2.6 MB inflated): inflating, then decoding, each step told
// in order, never past its total.
TEST(VolumeProgress, ALongReadTellsItsSteps) {
    const std::array<int, 3> d{256, 256, 40};
    Bytes data(std::size_t(d[0]) * d[1] * d[2]);
    std::uint32_t x = 2463534242u;  // xorshift: noise that deflate cannot shrink into a few blocks
    for (std::uint8_t& b : data) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        b = std::uint8_t(x >> 24);
    }
    const std::string head = "NRRD0004\ntype: uchar\ndimension: 3\nsizes: 256 256 40\nencoding: gzip\n\n";
    Bytes file(head.begin(), head.end());
    const Bytes body = gzipped(data);
    file.insert(file.end(), body.begin(), body.end());
    std::vector<Heard> heard;
    VolumeOptions o;
    o.progress = [&](const char* task, std::uint64_t done, std::uint64_t total) { heard.push_back({task, done, total}); };
    Volume v;
    std::string error;
    ASSERT_TRUE(load_volume(file.data(), file.size(), o, &v, &error)) << error;
    std::size_t inflating = 0, decoding = 0;
    std::string last;
    for (const Heard& h : heard) {
        EXPECT_LE(h.done, h.total);
        EXPECT_FALSE(last == "decoding" && h.task == "inflating") << "inflating after decoding";
        EXPECT_EQ(h.total, data.size());
        if (h.task == "inflating") ++inflating;
        else if (h.task == "decoding") ++decoding;
        else ADD_FAILURE() << "a task '" << h.task << "'";
        last = h.task;
    }
    EXPECT_GE(inflating, 2u);  // about every MiB out
    EXPECT_EQ(decoding, 3u);   // every 2^20 values
    // Downsampled: a step a halved slice.
    heard.clear();
    o.downsample = 2;
    ASSERT_TRUE(load_volume(file.data(), file.size(), o, &v, &error)) << error;
    EXPECT_EQ(std::count_if(heard.begin(), heard.end(), [](const Heard& h) { return h.task == std::string("decoding"); }), 20);
}

// A file too large to read whole: its start and its size say what it holds (raw: by its name).
TEST(VolumeDims, OfAFilesStartWithItsSize) {
    VolumeOptions o;
    o.name = "big_1280x1280x1600_uint8.raw";
    o.max_voxels = std::uint64_t(1) << 40;
    o.max_data_bytes = std::uint64_t(1) << 40;
    const Bytes start(1 << 16);
    std::array<int, 3> d{};
    std::string error;
    ASSERT_TRUE(volume_dims(start.data(), start.size(), o, &d, &error, 2621440000ull)) << error;
    EXPECT_EQ(d, (std::array<int, 3>{1280, 1280, 1600}));
    EXPECT_FALSE(volume_dims(start.data(), start.size(), o, &d, &error, 2621440001ull));
    EXPECT_EQ(error, "a raw file of 2621440001 bytes, but 1280×1280×1600 uint8 takes 2621440000");
}

}  // namespace
}  // namespace hp

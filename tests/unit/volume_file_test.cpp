// The volume readers (app/core/volume/volume_file.h) on files built here byte by byte: every format,
// type, byte order and compression, the world maps, and every way a file can be hostile. The
// compressed streams come from zlib (a writer no one here wrote); files written by nibabel,
// teem and VTK are read in volume_fixtures_test.cpp.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

#include "inflate.h"
#include "test_bytes.h"
#include "volume_atlas.h"
#include "volume_file.h"
#include "volume_stream.h"
#include "zlib_streams.h"

namespace hp {
namespace {

using test::deflated;

template <typename T>
void put(Bytes* b, std::size_t at, T v, bool big = false) {
    std::uint8_t raw[sizeof(T)];
    std::memcpy(raw, &v, sizeof(T));
    for (std::size_t i = 0; i < sizeof(T); ++i) (*b)[at + i] = raw[big ? sizeof(T) - 1 - i : i];
}

// The voxels of f, x fastest, as T.
template <typename T>
Bytes voxels(std::array<int, 3> d, const std::function<double(int, int, int)>& f, bool big = false) {
    Bytes out(sizeof(T) * std::size_t(d[0]) * std::size_t(d[1]) * std::size_t(d[2]));
    std::size_t at = 0;
    for (int z = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x, at += sizeof(T)) put(&out, at, T(f(x, y, z)), big);
    return out;
}

double ramp(int x, int y, int z) { return x + 10 * y + 100 * z - 200; }
const std::array<int, 3> kDims{5, 4, 3};

struct NiftiOptions {
    short datatype = 4;
    std::array<short, 8> dim{3, 5, 4, 3, 1, 1, 1, 1};
    std::array<float, 3> spacing{0.5f, 0.75f, 2.0f};
    float qfac = 1, slope = 0, inter = 0;
    short qform = 0, sform = 0;
    bool big = false;
    const char* magic = "n+1";
};

Bytes nifti(const Bytes& data, const NiftiOptions& o) {
    Bytes h(352, 0);
    put<std::int32_t>(&h, 0, 348, o.big);
    for (int i = 0; i < 8; ++i) put<std::int16_t>(&h, std::size_t(40 + 2 * i), o.dim[std::size_t(i)], o.big);
    put<std::int16_t>(&h, 70, o.datatype, o.big);
    put<float>(&h, 76, o.qfac, o.big);
    for (int i = 0; i < 3; ++i) put<float>(&h, std::size_t(80 + 4 * i), o.spacing[std::size_t(i)], o.big);
    put<float>(&h, 108, 352, o.big);
    put<float>(&h, 112, o.slope, o.big);
    put<float>(&h, 116, o.inter, o.big);
    put<std::int16_t>(&h, 252, o.qform, o.big);
    put<std::int16_t>(&h, 254, o.sform, o.big);
    // qform: 90° about z (b = c = 0, d = sin 45°), offsets (10, 20, 30)
    put<float>(&h, 264, float(std::sqrt(0.5)), o.big);
    put<float>(&h, 268, 10, o.big), put<float>(&h, 272, 20, o.big), put<float>(&h, 276, 30, o.big);
    // sform: a shear-free map with a flipped x
    const float srow[12] = {-0.5f, 0, 0, 7, 0, 0.75f, 0, 8, 0, 0, 2, 9};
    for (int i = 0; i < 12; ++i) put<float>(&h, std::size_t(280 + 4 * i), srow[i], o.big);
    std::memcpy(&h[344], o.magic, 4);
    return h + data;
}

Volume load(const Bytes& b, const VolumeOptions& o = {}) {
    Volume v;
    std::string error;
    EXPECT_TRUE(load_volume(b.data(), b.size(), o, &v, &error)) << error;
    return v;
}

std::string refusal(const Bytes& b, const VolumeOptions& o = {}) {
    Volume v;
    std::string error;
    EXPECT_FALSE(load_volume(b.data(), b.size(), o, &v, &error)) << "opened " << v.dims[0] << "×" << v.dims[1];
    EXPECT_FALSE(error.empty());
    return error;
}

void expect_ramp(const Volume& v, double scale = 1, double offset = 0) {
    ASSERT_EQ(v.dims, kDims);
    ASSERT_EQ(v.values.size(), 60u);
    for (int z = 0; z < 3; ++z)
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 5; ++x)
                ASSERT_EQ(v.values[std::size_t(x + 5 * (y + 4 * z))], float(scale * ramp(x, y, z) + offset)) << x << y << z;
    EXPECT_EQ(v.lo, float(scale * ramp(0, 0, 0) + offset));
}

TEST(VolumeFile, NiftiEveryTypeBothByteOrdersAndGzip) {
    NiftiOptions o;
    expect_ramp(load(nifti(voxels<std::int16_t>(kDims, ramp), o)));
    o.big = true;
    const Volume big = load(nifti(voxels<std::int16_t>(kDims, ramp, true), o));
    expect_ramp(big);
    EXPECT_EQ(big.file, "nifti");
    EXPECT_EQ(big.type, "int16");
    EXPECT_EQ(big.spacing, (std::array<double, 3>{0.5, 0.75, 2.0}));
    EXPECT_EQ(big.space, "RAS");
    o.big = false;
    auto pos = [](int x, int y, int z) { return x + 10 * y + 100 * z; };
    o.datatype = 2;  // uint8 holds 0..234
    EXPECT_EQ(load(nifti(voxels<std::uint8_t>(kDims, pos), o)).type, "uint8");
    o.datatype = 512;
    EXPECT_EQ(load(nifti(voxels<std::uint16_t>(kDims, pos), o)).type, "uint16");
    o.datatype = 8;
    expect_ramp(load(nifti(voxels<std::int32_t>(kDims, ramp), o)));
    o.datatype = 16;
    expect_ramp(load(nifti(voxels<float>(kDims, ramp), o)));
    o.datatype = 64;
    expect_ramp(load(nifti(voxels<double>(kDims, ramp), o)));
    o.datatype = 256;
    EXPECT_EQ(load(nifti(voxels<std::int8_t>(kDims, [](int x, int, int z) { return x - 2 * z; }), o)).lo, -4.0f);
    o.datatype = 4;
    const Volume gz = load(deflated(nifti(voxels<std::int16_t>(kDims, ramp), o), true));
    expect_ramp(gz);
}

TEST(VolumeFile, NiftiScalingWorldMapsAnd4D) {
    NiftiOptions o;
    o.slope = 2, o.inter = -1;
    expect_ramp(load(nifti(voxels<std::int16_t>(kDims, ramp), o)), 2, -1);
    o.slope = 0;
    o.sform = 1;
    const Volume s = load(nifti(voxels<std::int16_t>(kDims, ramp), o));
    EXPECT_EQ(s.to_world, (std::array<double, 12>{-0.5, 0, 0, 7, 0, 0.75, 0, 8, 0, 0, 2, 9}));
    o.sform = 0, o.qform = 1, o.qfac = -1;
    const Volume q = load(nifti(voxels<std::int16_t>(kDims, ramp), o));
    // 90° about z: x → y, y → −x; z flipped by qfac; spacing on the columns.
    const std::array<double, 12> want{0, -0.75, 0, 10, 0.5, 0, 0, 20, 0, 0, -2, 30};
    for (std::size_t i = 0; i < 12; ++i) EXPECT_NEAR(q.to_world[i], want[i], 1e-6) << i;
    o.qform = 0;
    o.dim = {4, 5, 4, 3, 2, 1, 1, 1};
    const Volume four = load(nifti(voxels<std::int16_t>(kDims, ramp) + voxels<std::int16_t>(kDims, ramp), o));
    expect_ramp(four);
    ASSERT_FALSE(four.notes.empty());
    EXPECT_NE(four.notes[0].find("first volume (of 2)"), std::string::npos) << four.notes[0];
    EXPECT_EQ(load(deflated(nifti(voxels<std::int16_t>(kDims, ramp) + voxels<std::int16_t>(kDims, ramp), o), true)).dims, kDims);
}

// 8- and 16-bit data kept as stored (both byte orders), the scaling beside it and applied as
// the float32 decode applied it; float32 where the type is wider or float or the slope is not
// positive. The values read, the range and the atlas the GPU gets are those of the float path.
TEST(VolumeFile, SmallIntegersKeptInTheirStoredType) {
    NiftiOptions o;
    const Volume i16 = load(nifti(voxels<std::int16_t>(kDims, ramp), o));
    EXPECT_EQ(i16.values.type(), Stored::I16);
    EXPECT_EQ(i16.values.byte_size(), 120u);  // 2 bytes a voxel: no float copy
    EXPECT_EQ(i16.values.floats(), nullptr);
    o.big = true;
    const Volume big = load(nifti(voxels<std::int16_t>(kDims, ramp, true), o));
    EXPECT_EQ(big.values.type(), Stored::I16);
    EXPECT_EQ(std::memcmp(big.values.bytes(), i16.values.bytes(), 120), 0);  // in the machine's order
    o.big = false;
    o.slope = 0.37f, o.inter = -1024.5f;
    const Volume scaled = load(nifti(voxels<std::int16_t>(kDims, ramp), o));
    EXPECT_EQ(scaled.values.type(), Stored::I16);
    EXPECT_EQ(scaled.values.scaling().slope, double(0.37f));
    for (std::size_t i = 0; i < 60; ++i) {
        const float want = float(double(0.37f) * double(float(std::int16_t(ramp(int(i % 5), int(i / 5 % 4), int(i / 20))))) +
                                 double(-1024.5f));
        ASSERT_EQ(scaled.values[i], want) << i;
    }
    EXPECT_EQ(scaled.lo, scaled.values[0]);
    EXPECT_EQ(scaled.hi, scaled.values[59]);
    std::vector<float> run(60);
    scaled.values.read(0, 60, run.data());
    EXPECT_EQ(run, scaled.values.to_floats());
    // The slice atlas the GPU gets from the stored values: the float path's, texel for texel.
    Volume as_floats = scaled;
    as_floats.values = VoxelValues(scaled.values.to_floats());
    const AtlasLayout l = layout_for_dims(kDims, 16);
    EXPECT_EQ(volume_atlas(scaled, l), volume_atlas(as_floats, l));
    o.slope = -2;  // a slope that reverses the order: float32
    const Volume reversed = load(nifti(voxels<std::int16_t>(kDims, ramp), o));
    EXPECT_EQ(reversed.values.type(), Stored::F32);
    EXPECT_EQ(reversed.values[0], float(-2 * ramp(0, 0, 0) - 1024.5));
    EXPECT_EQ(reversed.hi, reversed.values[0]);
    EXPECT_EQ(reversed.lo, reversed.values[59]);
    o.slope = 0, o.inter = 0;
    auto pos = [](int x, int y, int z) { return x + 10 * y + 100 * z; };
    const std::pair<short, Stored> kept[] = {{2, Stored::U8}, {256, Stored::I8}, {512, Stored::U16}, {4, Stored::I16},
                                             {8, Stored::F32}, {16, Stored::F32}, {64, Stored::F32}};
    for (const auto& [datatype, stored] : kept) {
        o.datatype = datatype;
        const Bytes data = datatype == 2 ? voxels<std::uint8_t>(kDims, pos)
                           : datatype == 256 ? voxels<std::int8_t>(kDims, [](int x, int, int z) { return x - 2 * z; })
                           : datatype == 512 ? voxels<std::uint16_t>(kDims, pos)
                           : datatype == 4 ? voxels<std::int16_t>(kDims, ramp)
                           : datatype == 8 ? voxels<std::int32_t>(kDims, ramp)
                           : datatype == 16 ? voxels<float>(kDims, ramp) : voxels<double>(kDims, ramp);
        EXPECT_EQ(load(nifti(data, o)).values.type(), stored) << datatype;
    }
    // Downsampled: block means, float32.
    o.datatype = 4;
    VolumeOptions half;
    half.downsample = 2;
    EXPECT_EQ(load(nifti(voxels<std::int16_t>({6, 4, 4}, ramp), {4, {3, 6, 4, 4, 1, 1, 1, 1}}), half).values.type(),
              Stored::F32);
}

TEST(VolumeFile, NrrdRawGzipDirectionsAndSkips) {
    const Bytes data = voxels<std::int16_t>(kDims, ramp);
    const std::string head = "NRRD0004\n# a comment\ntype: short\ndimension: 3\nsizes: 5 4 3\nendian: little\n";
    const Volume raw = load(text(head + "encoding: raw\nspacings: 0.5 0.75 2\n\n") + data);
    expect_ramp(raw);
    EXPECT_EQ(raw.file, "nrrd");
    EXPECT_EQ(raw.spacing, (std::array<double, 3>{0.5, 0.75, 2}));
    const Volume gz = load(text(head + "encoding: gzip\nspace: left-posterior-superior\n"
                                       "space directions: (-0.5,0,0) (0,0.75,0) (0,0,2)\nspace origin: (1,2,3)\n\n") +
                           deflated(data, true));
    expect_ramp(gz);
    EXPECT_EQ(gz.spacing, (std::array<double, 3>{0.5, 0.75, 2}));
    EXPECT_EQ(gz.to_world, (std::array<double, 12>{-0.5, 0, 0, 1, 0, 0.75, 0, 2, 0, 0, 2, 3}));
    EXPECT_EQ(gz.space, "LPS");
    EXPECT_EQ(raw.space, "");
    expect_ramp(load(text("NRRD0004\ntype: int16\ndimension: 3\nsizes: 5 4 3\nendian: big\nencoding: raw\n\n") +
                     voxels<std::int16_t>(kDims, ramp, true)));
    expect_ramp(load(text(head + "encoding: raw\nbyte skip: -1\n\n") + text("junk") + data));
}

TEST(VolumeFile, MetaImageRawZlibByteOrderAndTransform) {
    const std::string head = "ObjectType = Image\nNDims = 3\nDimSize = 5 4 3\nElementType = MET_SHORT\n"
                             "ElementSpacing = 0.5 0.75 2\n";
    const Volume raw = load(text(head + "ElementDataFile = LOCAL\n") + voxels<std::int16_t>(kDims, ramp));
    expect_ramp(raw);
    EXPECT_EQ(raw.file, "mha");
    EXPECT_EQ(raw.space, "LPS");
    const Volume z = load(text(head + "CompressedData = True\nElementDataFile = LOCAL\n") +
                          deflated(voxels<std::int16_t>(kDims, ramp), false));
    expect_ramp(z);
    // A CompressedDataSize past the file (past what size_t holds, a fuzzer's find): the rest of the file.
    expect_ramp(load(text(head + "CompressedData = True\nCompressedDataSize = 8" + std::string(60, '8') +
                          "\nElementDataFile = LOCAL\n") + deflated(voxels<std::int16_t>(kDims, ramp), false)));
    expect_ramp(load(text(head + "ElementByteOrderMSB = True\nElementDataFile = LOCAL\n") + voxels<std::int16_t>(kDims, ramp, true)));
    expect_ramp(load(text(head + "BinaryDataByteOrderMSB = True\nElementDataFile = LOCAL\n") + voxels<std::int16_t>(kDims, ramp, true)));
    const Volume t = load(text(head + "TransformMatrix = 0 1 0 -1 0 0 0 0 1\nOffset = 4 5 6\nElementDataFile = LOCAL\n") +
                          voxels<std::int16_t>(kDims, ramp));
    // The axes' directions one after the other: x along world y, y along world −x.
    EXPECT_EQ(t.to_world, (std::array<double, 12>{0, -0.75, 0, 4, 0.5, 0, 0, 5, 0, 0, 2, 6}));
}

TEST(VolumeFile, VtkBinaryBigEndianAndAscii) {
    const std::string head = "# vtk DataFile Version 3.0\ntitle\n";
    const std::string rest = "DATASET STRUCTURED_POINTS\nDIMENSIONS 5 4 3\nSPACING 0.5 0.75 2\nORIGIN 1 2 3\n"
                             "POINT_DATA 60\nSCALARS v short 1\nLOOKUP_TABLE default\n";
    const Volume b = load(text(head + "BINARY\n" + rest) + voxels<std::int16_t>(kDims, ramp, true));
    expect_ramp(b);
    EXPECT_EQ(b.file, "vtk");
    EXPECT_EQ(b.to_world, (std::array<double, 12>{0.5, 0, 0, 1, 0, 0.75, 0, 2, 0, 0, 2, 3}));
    std::string numbers;
    for (int z = 0; z < 3; ++z)
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 5; ++x) numbers += std::to_string(int(ramp(x, y, z))) + (x == 4 ? "\n" : " ");
    expect_ramp(load(text("# vtk DataFile Version 5.1\ntitle\nASCII\n" + rest + numbers + "\nMETADATA\nINFORMATION 0\n")));
}

TEST(VolumeFile, RawByNameOrOptions) {
    VolumeOptions o;
    o.name = "dir/head_5x4x3_int16.raw";
    const Volume v = load(voxels<std::int16_t>(kDims, ramp), o);
    expect_ramp(v);
    EXPECT_EQ(v.file, "raw");
    VolumeOptions given;
    given.dims = kDims;
    given.type = "float32";
    given.big_endian = true;
    given.spacing = {1, 2, 3};
    const Volume g = load(voxels<float>(kDims, ramp, true), given);
    expect_ramp(g);
    EXPECT_EQ(g.spacing, (std::array<double, 3>{1, 2, 3}));
    EXPECT_EQ(g.to_world, (std::array<double, 12>{1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0}));
    EXPECT_NE(refusal(Bytes(61, 0), o).find("61 bytes"), std::string::npos);
    EXPECT_NE(refusal(Bytes(60, 0)).find("head_256x256x108_int16.raw"), std::string::npos);
}

TEST(VolumeFile, RefusedFormatsSayWhatToDo) {
    Bytes dicom(300, 0);
    std::memcpy(&dicom[128], "DICM", 4);
    EXPECT_NE(refusal(dicom).find("DICOM reader"), std::string::npos);
    NiftiOptions o;
    o.magic = "ni1";
    EXPECT_NE(refusal(nifti({}, o)).find(".hdr/.img"), std::string::npos);
    const std::string nrrd = "NRRD0004\ntype: uchar\ndimension: 3\nsizes: 2 2 2\n";
    EXPECT_NE(refusal(text(nrrd + "encoding: bzip2\n\n")).find("bzip2"), std::string::npos);
    EXPECT_NE(refusal(text(nrrd + "encoding: raw\ndata file: head.raw\n\n")).find("detached"), std::string::npos);
    EXPECT_NE(refusal(text("NRRD0004\ntype: uchar\ndimension: 4\nsizes: 1 2 2 2\nencoding: raw\n\n")).find("dimension 4"),
              std::string::npos);
    EXPECT_NE(refusal(text("ObjectType = Image\nNDims = 3\nDimSize = 2 2 2\nElementType = MET_UCHAR\n"
                           "ElementDataFile = head.raw\n")).find("head.raw"), std::string::npos);
    EXPECT_NE(refusal(text("# vtk DataFile Version 3.0\nt\nASCII\nDATASET POLYDATA\n")).find("POLYDATA"), std::string::npos);
    EXPECT_NE(refusal(deflated(text("not a volume"), true)).find("NIfTI"), std::string::npos);
}

// Each as the issue lists it: a message, and nothing allocated for what the file does not hold.
TEST(VolumeFile, HostileHeaders) {
    NiftiOptions o;
    o.dim = {3, 32767, 32767, 32767, 1, 1, 1, 1};
    EXPECT_NE(refusal(nifti(Bytes(64, 0), o)).find("32767×32767×32767"), std::string::npos);
    EXPECT_NE(refusal(text("NRRD0004\ntype: short\ndimension: 3\nsizes: 65535 65535 65535\nencoding: raw\n\n")).find("voxels"),
              std::string::npos);
    o.dim = {3, 0, 4, 3, 1, 1, 1, 1};
    EXPECT_NE(refusal(nifti(Bytes(64, 0), o)).find("at least 2"), std::string::npos);
    o.dim = {3, -5, 4, 3, 1, 1, 1, 1};
    EXPECT_NE(refusal(nifti(Bytes(64, 0), o)).find("-5"), std::string::npos);
    o.dim = {3, 5, 4, 3, 1, 1, 1, 1};
    o.datatype = 999;
    EXPECT_NE(refusal(nifti(Bytes(120, 0), o)).find("999"), std::string::npos);
    o.datatype = 4;
    EXPECT_NE(refusal(nifti(Bytes(100, 0), o)).find("fewer than the 120"), std::string::npos);
    o.spacing = {1, 0, 1};
    EXPECT_NE(refusal(nifti(Bytes(120, 0), o)).find("spacing"), std::string::npos);
    o.spacing = {1, std::numeric_limits<float>::quiet_NaN(), 1};
    EXPECT_NE(refusal(nifti(Bytes(120, 0), o)).find("spacing"), std::string::npos);
    EXPECT_NE(refusal(text("NRRD0004\ntype: uchar\ndimension: 3\nsizes: 2 2 2\nspacings: 1 nan 1\nencoding: raw\n\n") +
                      Bytes(8, 0)).find("spacing"), std::string::npos);
}

TEST(VolumeFile, GzipBombsStopAtWhatTheHeaderPromises) {
    // 64 MiB of zeros behind a header promising 5×4×3 int16: refused at 120 bytes.
    NiftiOptions o;
    const Bytes bomb = deflated(nifti(Bytes(64u << 20, 0), o), true);
    EXPECT_LT(bomb.size(), 200u * 1024);
    EXPECT_NE(refusal(bomb).find("inflates to more than"), std::string::npos);
    // The inflater itself: a capped stream's output never passes its cap.
    std::vector<std::uint8_t> out;
    std::string error;
    EXPECT_EQ(inflate(bomb.data(), bomb.size(), Wrapper::Gzip, 4096, &out, &error), Inflated::Capped);
    EXPECT_EQ(out.size(), 4096u);
    EXPECT_LE(out.capacity(), 8192u);
    // A small file that claims 256³ float32 inflates what it holds and stops.
    o.dim = {3, 256, 256, 256, 1, 1, 1, 1};
    o.datatype = 16;
    EXPECT_NE(refusal(deflated(nifti(Bytes(600, 0), o), true)).find("fewer than"), std::string::npos);
    const Bytes mha = text("ObjectType = Image\nNDims = 3\nDimSize = 5 4 3\nElementType = MET_SHORT\n"
                           "CompressedData = True\nElementDataFile = LOCAL\n") + deflated(Bytes(1u << 20, 0), false);
    EXPECT_NE(refusal(mha).find("inflates to more than the 120 bytes"), std::string::npos);
    Bytes damaged = deflated(voxels<std::int16_t>(kDims, ramp), false);
    damaged[damaged.size() - 1] ^= 0xff;  // the Adler-32
    EXPECT_NE(refusal(text("ObjectType = Image\nNDims = 3\nDimSize = 5 4 3\nElementType = MET_SHORT\n"
                           "CompressedData = True\nElementDataFile = LOCAL\n") + damaged).find("checksum"),
              std::string::npos);
}

TEST(VolumeFile, NonFiniteValuesAreReplacedAndCounted) {
    NiftiOptions o;
    o.datatype = 16;
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    const Volume v = load(nifti(voxels<float>(kDims, [&](int x, int y, int z) {
        return x == 0 && y == 0 ? double(nan) : x == 1 && z == 0 ? double(inf) : x == 2 && z == 0 ? -double(inf) : ramp(x, y, z);
    }), o));
    EXPECT_EQ(v.replaced, 3u + 4u + 4u);
    EXPECT_EQ(v.lo, float(ramp(3, 0, 0)));  // the lowest finite one
    EXPECT_EQ(v.hi, float(ramp(4, 3, 2)));
    for (float x : v.values.to_floats()) EXPECT_TRUE(std::isfinite(x));
    EXPECT_EQ(v.values[0], v.lo);
    EXPECT_EQ(v.values[1], v.hi);
    EXPECT_EQ(v.values[2], v.lo);
    EXPECT_FALSE(v.notes.empty());
    EXPECT_NE(refusal(nifti(voxels<float>(kDims, [&](int, int, int) { return double(nan); }), o)).find("finite"),
              std::string::npos);
}

TEST(VolumeFile, DownsampleByTwo) {
    VolumeOptions o;
    o.name = "v_6x4x5_float32.raw";
    o.downsample = 2;
    const Volume v = load(voxels<float>({6, 4, 5}, ramp), o);
    EXPECT_EQ(v.dims, (std::array<int, 3>{3, 2, 2}));
    EXPECT_EQ(v.spacing, (std::array<double, 3>{2, 2, 2}));
    // The mean of a 2×2×2 block of a linear ramp is its value at the block's centre.
    EXPECT_EQ(v.values[0], float(ramp(0, 0, 0) + 0.5 + 5 + 50));
    EXPECT_EQ(v.to_world, (std::array<double, 12>{2, 0, 0, 0.5, 0, 2, 0, 0.5, 0, 0, 2, 0.5}));
    EXPECT_NE(v.notes.back().find("downsampled"), std::string::npos);
}

// Halved while decoding, from the stored bytes: the same block means as halving the full-size
// floats, in every encoding (raw, gzip, ASCII), with scaling applied and non-finite values
// replaced before the means; the voxel cap is on the volume opened.
TEST(VolumeFile, DownsampledWhileDecoding) {
    const std::array<int, 3> d{7, 6, 5};  // odd X and Z: the last voxel of each is dropped
    const auto f = [](int x, int y, int z) {
        return x == 1 && y == 2 && z == 3 ? std::numeric_limits<double>::quiet_NaN() : x * 3 + y * 7 - z * 11 + 0.25 * (x % 3);
    };
    const Volume full = load(voxels<float>(d, f), [] { VolumeOptions o; o.name = "v_7x6x5_float32.raw"; return o; }());
    std::vector<float> want;  // the means of full's (NaN-replaced) values
    for (int z = 0; z < 2; ++z)
        for (int y = 0; y < 3; ++y)
            for (int x = 0; x < 3; ++x) {
                double sum = 0;
                for (int k = 0; k < 8; ++k)
                    sum += full.values[std::size_t(2 * x + (k & 1) + 7 * (2 * y + (k >> 1 & 1) + 6 * (2 * z + (k >> 2))))];
                want.push_back(float(sum / 8));
            }
    VolumeOptions o;
    o.name = "v_7x6x5_float32.raw";
    o.downsample = 2;
    const Volume raw = load(voxels<float>(d, f), o);
    EXPECT_EQ(raw.dims, (std::array<int, 3>{3, 3, 2}));
    EXPECT_EQ(raw.values.to_floats(), want);
    EXPECT_EQ(raw.replaced, 1u);
    EXPECT_EQ(raw.lo, *std::min_element(want.begin(), want.end()));
    NiftiOptions n;
    n.datatype = 16;
    n.dim = {3, 7, 6, 5, 1, 1, 1, 1};
    o.name.clear();
    const Volume gz = load(deflated(nifti(voxels<float>(d, f), n), true), o);
    EXPECT_EQ(gz.values.to_floats(), want);
    EXPECT_EQ(gz.spacing, (std::array<double, 3>{1, 1.5, 4}));
    // int16 with NIfTI's scaling: each value scaled before the means.
    n.datatype = 4;
    n.slope = 0.5f, n.inter = 3;
    const Volume scaled = load(nifti(voxels<std::int16_t>(d, [](int x, int y, int z) { return x + 10 * y + 100 * z; }), n), o);
    EXPECT_EQ(scaled.values[0], float(0.5 * (0 + 1 + 10 + 11 + 100 + 101 + 110 + 111) / 8 + 3));
    // ASCII (VTK): parsed whole, then halved the same way.
    std::string numbers;
    for (int z = 0; z < 5; ++z)
        for (int y = 0; y < 6; ++y)
            for (int x = 0; x < 7; ++x) numbers += std::to_string(x + 10 * y + 100 * z) + " ";
    const Volume ascii = load(text("# vtk DataFile Version 3.0\nt\nASCII\nDATASET STRUCTURED_POINTS\nDIMENSIONS 7 6 5\n"
                                   "SPACING 1 1 1\nORIGIN 0 0 0\nPOINT_DATA 210\nSCALARS v short 1\nLOOKUP_TABLE default\n" + numbers), o);
    EXPECT_EQ(ascii.dims, (std::array<int, 3>{3, 3, 2}));
    EXPECT_EQ(ascii.values[0], float((0 + 1 + 10 + 11 + 100 + 101 + 110 + 111) / 8.0));
}

TEST(VolumeFile, VoxelCapCountsTheVolumeOpened) {
    // 1024×1024×129 (past 2^27) opens downsampled (512×512×64 = 2^24); the header alone says so.
    NiftiOptions n;
    n.datatype = 2;
    n.dim = {3, 1024, 1024, 129, 1, 1, 1, 1};
    const Bytes head = nifti({}, n);
    VolumeOptions o;
    o.max_voxels = std::uint64_t(1) << 27;
    std::array<int, 3> dims{};
    std::string error;
    EXPECT_FALSE(volume_dims(head.data(), head.size(), o, &dims, &error));
    EXPECT_EQ(error, "a 1024×1024×129 volume has 135266304 voxels, more than the 134217728 this page opens");
    o.downsample = 2;
    EXPECT_TRUE(volume_dims(head.data(), head.size(), o, &dims, &error)) << error;
    EXPECT_EQ(dims, (std::array<int, 3>{1024, 1024, 129}));
    // Halved and still past it: said with both counts.
    n.dim = {3, 4096, 4096, 129, 1, 1, 1, 1};
    const Bytes big = nifti({}, n);
    EXPECT_FALSE(volume_dims(big.data(), big.size(), o, &dims, &error));
    EXPECT_EQ(error, "a 4096×4096×129 volume has 2164260864 voxels, 268435456 downsampled by 2, more than the 134217728 "
                     "this page opens");
    // The stored data decoded is capped whatever the downsampling.
    o.max_voxels = std::uint64_t(1) << 30;
    o.max_data_bytes = 1000;
    n.dim = {3, 16, 16, 16, 1, 1, 1, 1};
    const Bytes small = nifti({}, n);
    EXPECT_FALSE(volume_dims(small.data(), small.size(), o, &dims, &error));
    EXPECT_EQ(error, "a 16×16×16 volume of uint8 holds 4096 bytes of data, more than the 1000 this page decodes");
    n.dim = {3, 3, 16, 16, 1, 1, 1, 1};
    o.max_data_bytes = std::uint64_t(1) << 30;
    const Bytes thin = nifti({}, n);
    EXPECT_FALSE(volume_dims(thin.data(), thin.size(), o, &dims, &error));
    EXPECT_EQ(error, "a 3×16×16 volume is too small to downsample (each axis needs 4 voxels)");
}

TEST(VolumeFile, NrrdTypesTheMessageNamesAllOpen) {
    std::string why;
    const Bytes bad = text("NRRD0004\ntype: char\ndimension: 3\nsizes: 2 2 2\nencoding: raw\n\n") + Bytes(8, 0);
    const std::string refused = refusal(bad);
    const std::size_t open = refused.find('('), close = refused.find(')');
    ASSERT_NE(open, std::string::npos);
    std::string list = refused.substr(open + 1, close - open - 1) + ",";
    int named = 0;
    for (std::size_t at = 0, comma; (comma = list.find(',', at)) != std::string::npos; at = comma + 2, ++named) {
        const std::string type = list.substr(at, comma - at);
        Volume v;
        const Bytes b = text("NRRD0004\ntype: " + type + "\ndimension: 3\nsizes: 2 2 2\nencoding: raw\n\n") + Bytes(64, 0);
        EXPECT_TRUE(load_volume(b.data(), b.size(), {}, &v, &why)) << "'" << type << "', named in the message: " << why;
    }
    EXPECT_EQ(named, 7);
}

TEST(VolumeFile, PresetsAndHistogram) {
    NiftiOptions o;
    const Volume ct = load(nifti(voxels<std::int16_t>(kDims, [](int x, int, int) { return x == 0 ? -1024 : 1500; }), o));
    const auto p = iso_presets(ct);
    ASSERT_EQ(p.size(), 2u);
    EXPECT_EQ(p[0].name, "bone");
    EXPECT_EQ(p[0].iso, 400.0f);
    const auto h = value_histogram(ct, 4);
    EXPECT_EQ(h, (std::vector<std::uint32_t>{12, 0, 0, 48}));
    const Volume mr = load(nifti(voxels<std::int16_t>(kDims, ramp), o));
    EXPECT_EQ(iso_presets(mr)[0].iso, 0.5f * (mr.lo + mr.hi));
}

// The file as the page's reader streams it (volume_stream.h): the plan from its first `head`
// bytes, then parts of `part` values, the range taken as the app takes it.
Volume streamed(const Bytes& b, const VolumeOptions& o = {}, std::size_t head = 1 << 20, std::size_t part = 7) {
    VolumeStream s;
    bool streams = false;
    std::string error;
    EXPECT_TRUE(plan_stream(b.data(), std::min(head, b.size()), b.size(), o, &s, &streams, &error)) << error;
    EXPECT_TRUE(streams);
    Volume v = s.meta;
    v.values = VoxelValues(s.meta.values.type(), std::size_t(s.count), s.meta.values.scaling(), false);
    for (std::uint64_t i = 0; i < s.count; i += part)
        volume::decode_values(s.header, b.data() + s.offset + i * std::uint64_t(s.file_size), std::min<std::uint64_t>(part, s.count - i),
                    v.values.bytes() + i * std::uint64_t(s.kept_size));
    EXPECT_TRUE(volume::finite_values(&v, &error)) << error;
    return v;
}

void expect_same(const Volume& a, const Volume& b) {
    EXPECT_EQ(a.dims, b.dims);
    EXPECT_EQ(a.spacing, b.spacing);
    EXPECT_EQ(a.to_world, b.to_world);
    EXPECT_EQ(a.file, b.file);
    EXPECT_EQ(a.type, b.type);
    EXPECT_EQ(a.space, b.space);
    EXPECT_EQ(a.notes, b.notes);
    EXPECT_EQ(a.lo, b.lo);
    EXPECT_EQ(a.hi, b.hi);
    EXPECT_EQ(a.replaced, b.replaced);
    ASSERT_EQ(a.values.type(), b.values.type());
    EXPECT_EQ(a.values.scaling().slope, b.values.scaling().slope);
    EXPECT_EQ(a.values.scaling().intercept, b.values.scaling().intercept);
    ASSERT_EQ(a.values.size(), b.values.size());
    EXPECT_EQ(std::memcmp(a.values.bytes(), b.values.bytes(), a.values.byte_size()), 0);
}

TEST(VolumeStream, EveryUncompressedFileDecodesInPartsAsWhole) {
    NiftiOptions o;
    std::vector<std::pair<Bytes, VolumeOptions>> files;
    const auto add = [&](Bytes b, VolumeOptions v = {}) { files.emplace_back(std::move(b), std::move(v)); };
    add(nifti(voxels<std::int16_t>(kDims, ramp), o));
    o.big = true;
    add(nifti(voxels<std::int16_t>(kDims, ramp, true), o));
    o.datatype = 64;  // float64, big-endian: to float32
    add(nifti(voxels<double>(kDims, ramp, true), o));
    o.big = false, o.datatype = 4, o.slope = -2, o.inter = 3;  // a negative slope: float32
    add(nifti(voxels<std::int16_t>(kDims, ramp), o));
    o.slope = 2;
    add(nifti(voxels<std::int16_t>(kDims, ramp), o));
    o.slope = 0, o.inter = 0, o.datatype = 2;
    add(nifti(voxels<std::uint8_t>(kDims, [](int x, int y, int z) { return x + 10 * y + 50 * z; }), o));
    o.datatype = 16;  // float32 with NaN: replaced by the app as by the reader
    add(nifti(voxels<float>(kDims, [](int x, int y, int z) { return x == 1 ? std::nan("") : ramp(x, y, z); }), o));
    add(text("NRRD0004\ntype: int16\ndimension: 3\nsizes: 5 4 3\nendian: big\nencoding: raw\n\n") +
        voxels<std::int16_t>(kDims, ramp, true));
    add(text("ObjectType = Image\nNDims = 3\nDimSize = 5 4 3\nElementType = MET_USHORT\nElementByteOrderMSB = True\n"
             "ElementDataFile = LOCAL\n") + voxels<std::uint16_t>(kDims, [](int x, int, int) { return 60000 + x; }, true));
    add(text("# vtk DataFile Version 3.0\nt\nBINARY\nDATASET STRUCTURED_POINTS\nDIMENSIONS 5 4 3\nSPACING 1 1 1\n"
             "ORIGIN 0 0 0\nPOINT_DATA 60\nSCALARS v short 1\nLOOKUP_TABLE default\n") +
        voxels<std::int16_t>(kDims, ramp, true));
    VolumeOptions raw;
    raw.name = "dir/head_5x4x3_int16.raw";
    add(voxels<std::int16_t>(kDims, ramp), raw);
    for (const auto& [bytes, options] : files)
        for (std::size_t part : {std::size_t(1), std::size_t(7), std::size_t(60)}) {
            SCOPED_TRACE(std::string(bytes.begin(), bytes.begin() + 8) + " in parts of " + std::to_string(part));
            expect_same(streamed(bytes, options, 1 << 20, part), load(bytes, options));
        }
}

TEST(VolumeStream, WhatCannotStreamIsReadWholeAndShortDataIsRefused) {
    NiftiOptions o;
    const Bytes file = nifti(voxels<std::int16_t>(kDims, ramp), o);
    const auto plan = [](const Bytes& b, std::uint64_t size, const VolumeOptions& v, bool* streams, std::string* error) {
        VolumeStream s;
        return plan_stream(b.data(), std::min<std::size_t>(b.size(), 1 << 20), size, v, &s, streams, error);
    };
    bool streams = true;
    std::string error;
    EXPECT_TRUE(plan(deflated(file, true), 0, {}, &streams, &error));  // a .nii.gz: read whole
    EXPECT_FALSE(streams);
    VolumeOptions half;
    half.downsample = 2;
    NiftiOptions cube;
    cube.dim = {3, 8, 8, 8, 1, 1, 1, 1};
    const Bytes halves = nifti(voxels<std::int16_t>({8, 8, 8}, ramp), cube);
    EXPECT_TRUE(plan(halves, halves.size(), half, &streams, &error)) << error;
    EXPECT_FALSE(streams);
    const Bytes ascii = text("# vtk DataFile Version 3.0\nt\nASCII\nDATASET STRUCTURED_POINTS\nDIMENSIONS 2 2 2\n"
                             "POINT_DATA 8\nSCALARS v short 1\nLOOKUP_TABLE default\n1 2 3 4 5 6 7 8\n");
    EXPECT_TRUE(plan(ascii, ascii.size(), {}, &streams, &error));
    EXPECT_FALSE(streams);
    // Only its header at hand, the file's size said: a file too short for its data is refused as
    // load_volume refuses it.
    const Bytes head(file.begin(), file.begin() + 352);
    EXPECT_FALSE(plan(head, file.size() - 1, {}, &streams, &error));
    EXPECT_NE(error.find("fewer than the 120"), std::string::npos) << error;
    EXPECT_TRUE(plan(head, file.size(), {}, &streams, &error)) << error;
    EXPECT_TRUE(streams);
    // A file of 2^33 bytes (past what a wasm size_t holds) plans from its start alone.
    NiftiOptions big;
    big.dim = {3, 2048, 2048, 1024, 1, 1, 1, 1};
    const Bytes huge = nifti(Bytes(), big);
    VolumeOptions uncapped;
    uncapped.max_voxels = std::uint64_t(1) << 33;
    uncapped.max_data_bytes = std::uint64_t(1) << 34;
    VolumeStream s;
    ASSERT_TRUE(plan_stream(huge.data(), huge.size(), 352 + (std::uint64_t(1) << 33), uncapped, &s, &streams, &error)) << error;
    EXPECT_EQ(s.count, std::uint64_t(1) << 32);
    EXPECT_EQ(s.offset, 352u);
}

TEST(VolumeStream, CountsOnArrivalGiveTheRangeAndHistogram) {
    NiftiOptions o;
    for (short datatype : {short(4), short(2), short(256), short(512)}) {
        o.datatype = datatype, o.slope = datatype == 4 ? 0.5f : 0, o.inter = datatype == 4 ? 7 : 0;
        const auto f = [&](int x, int y, int z) { return datatype == 2 || datatype == 512 ? x + 7 * y + 19 * z : ramp(x, y, z) / 2; };
        Volume v = load(nifti(datatype == 4     ? voxels<std::int16_t>(kDims, f)
                              : datatype == 2   ? voxels<std::uint8_t>(kDims, f)
                              : datatype == 256 ? voxels<std::int8_t>(kDims, f)
                                                : voxels<std::uint16_t>(kDims, f), o));
        std::vector<std::uint32_t> counts;
        for (std::size_t i = 0; i < v.values.size(); i += 11) count_stored(v.values, i, std::min<std::size_t>(11, v.values.size() - i), &counts);
        Volume c = v;
        c.lo = c.hi = 0;
        const auto bins = histogram_of_counts(&c, counts, 7);
        EXPECT_EQ(c.lo, v.lo) << datatype;
        EXPECT_EQ(c.hi, v.hi) << datatype;
        std::vector<std::uint32_t> each(7, 0);  // value_histogram's bins, value by value
        for (std::size_t i = 0; i < v.values.size(); ++i) {
            const double t = (double(v.values[i]) - v.lo) / (double(v.hi) - double(v.lo));
            ++each[std::min<std::size_t>(6, std::size_t(std::max(0.0, t) * 7))];
        }
        EXPECT_EQ(bins, each) << datatype;
        EXPECT_EQ(value_histogram(v, 7), each) << datatype;
    }
}

}  // namespace
}  // namespace hp

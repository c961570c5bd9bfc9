// The GPU pipeline on a real GL stack (EGL without a window: Mesa llvmpipe here, NVIDIA on
// the GPU machine) against the CPU reference: for each case, the atlas the GPU evaluated is
// read back, the CPU computes the stream from it, and the GPU's count and every stream entry
// must be identical.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>
#include <sstream>

#include "cpu_reference.h"
#include "histopyramid.h"
#include "reference_mesh.h"
#include "png_atlas.h"
#include "png_volume.h"
#include "volume_atlas.h"
#include "test_context.h"
#include "volume_compaction.h"

namespace hp {

// The compaction modes under test: the two designs with float and integer sums, and the
// article's baseline.
std::string name_of(const CompactionMode& m) {
    if (m.pyramid == Pyramid::Baseline) return "baseline";
    return std::string(name_of(m.pyramid)) + "_" + name_of(m.sums);
}
// Found by argument-dependent lookup, so it lives in CompactionMode's namespace.
void PrintTo(const CompactionMode& m, std::ostream* os) { *os << name_of(m); }

std::vector<CompactionMode> all_modes() {
    std::vector<CompactionMode> out;
    for (Pyramid p : {Pyramid::Scalar, Pyramid::Vec4})
        for (Format f : {Format::Float, Format::Uint})
            out.push_back({p, f});
    out.push_back({Pyramid::Baseline, Format::Float});
    return out;
}

namespace {

EglContext* context() { return test_context(); }

std::string describe(const StreamEntry& e) {
    std::ostringstream s;
    s << "[" << e.x << ", " << e.y << ", " << e.z << ", " << e.w << "]";
    return s.str();
}

// Compares the GPU stream with the reference; names the first differing key.
::testing::AssertionResult same_stream(const std::vector<float>& gpu,
                                       const std::vector<StreamEntry>& ref) {
    if (gpu.size() != ref.size() * 4)
        return ::testing::AssertionFailure()
               << "GPU stream has " << gpu.size() / 4 << " entries, CPU " << ref.size();
    for (std::size_t k = 0; k < ref.size(); ++k) {
        const StreamEntry g = {gpu[4 * k], gpu[4 * k + 1], gpu[4 * k + 2], gpu[4 * k + 3]};
        if (!(g == ref[k]))
            return ::testing::AssertionFailure() << "first difference at key " << k << ": GPU "
                                                 << describe(g) << ", CPU " << describe(ref[k]);
    }
    return ::testing::AssertionSuccess();
}

struct Case {
    const char* name;
    int volume;
    CompactionMode mode;
    Source source;
    Classify classify;
    float iso;
    double time;
};

// Test names carry the case; these keep CTest's names free of GoogleTest's byte dumps.
void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

class Compaction : public ::testing::TestWithParam<Case> {};

TEST_P(Compaction, StreamEqualsCpuReference) {
    ASSERT_NE(context(), nullptr);
    const Case& c = GetParam();
    const AtlasLayout layout = layout_for_volume(c.volume);
    VolumeCompaction gpu;
    std::string error;
    ASSERT_TRUE(gpu.init(layout, c.mode, &error)) << error;
    FrameSettings s;
    s.source = c.source;
    s.time = c.time;
    s.classify = c.classify;
    s.iso = c.iso;
    const FrameResult r = gpu.run(s);
    const std::vector<float> atlas = gpu.volume().read_atlas();
    const auto ref = reference_stream(layout, atlas.data(), c.classify, c.iso);
    EXPECT_GT(ref.size(), 100u) << "the case should have work to do";
    ASSERT_EQ(r.count, ref.size());
    EXPECT_TRUE(same_stream(gpu.compactor().read_stream(r.count), ref));
}

// The matrix, as in the browser suite: for the scalar and vec4 designs (float sums, fragment
// traversal), every source at two times and two iso values in both classifications on 64³
// (512²), a subset on 128³ (2048²) and 256³ (4096²). Every other mode on a smaller subset.
std::vector<Case> cases() {
    static std::vector<std::string> names;  // the cases keep pointers into this
    struct Scene { int volume; Source source; Classify classify; float iso; double time; };
    std::vector<Scene> full, some;
    for (Source src : {Source::Metaballs, Source::Sphere, Source::Noise})
        for (Classify cl : {Classify::Surface, Classify::Solid})
            for (double t : {0.75, 2.5})
                for (float iso : {0.35f, 0.6f}) full.push_back({64, src, cl, iso, t});
    for (Source src : {Source::Metaballs, Source::Noise})
        for (Classify cl : {Classify::Surface, Classify::Solid}) full.push_back({128, src, cl, 0.5f, 1.25});
    full.push_back({256, Source::Metaballs, Classify::Surface, 0.5f, 1.25});
    some = {{64, Source::Metaballs, Classify::Surface, 0.5f, 0.75}, {64, Source::Noise, Classify::Solid, 0.45f, 2.5},
            {64, Source::Sphere, Classify::Surface, 0.35f, 2.5}, {128, Source::Noise, Classify::Surface, 0.5f, 1.25}};
    std::vector<Case> out;
    for (const CompactionMode& m : all_modes()) {
        const bool design = m.pyramid != Pyramid::Baseline && m.sums == Format::Float;
        for (const Scene& sc : design ? full : some) {
            char tail[64];
            std::snprintf(tail, sizeof tail, "_t%g_iso%g", sc.time, sc.iso);
            std::string name = name_of(m) + "_" + std::to_string(sc.volume) + "_" + name_of(sc.source) + "_" +
                               name_of(sc.classify) + tail;
            for (char& ch : name)
                if (ch == '.') ch = 'p';
            names.push_back(name);
            out.push_back({nullptr, sc.volume, m, sc.source, sc.classify, sc.iso, sc.time});
        }
    }
    for (std::size_t i = 0; i < out.size(); ++i) out[i].name = names[i].c_str();
    return out;
}

INSTANTIATE_TEST_SUITE_P(Matrix, Compaction, ::testing::ValuesIn(cases()),
                         [](const auto& info) { return std::string(info.param.name); });

// Edge cases on the 64³ layout, both pyramids.
class EdgeCases : public ::testing::TestWithParam<CompactionMode> {
protected:
    void SetUp() override {
        ASSERT_NE(context(), nullptr);
        std::string error;
        ASSERT_TRUE(gpu.init(layout, GetParam(), &error)) << error;
    }
    AtlasLayout layout = layout_for_volume(64);
    VolumeCompaction gpu;
};

TEST_P(EdgeCases, EmptyVolumeGivesZero) {
    FrameSettings s;
    s.classify = Classify::Solid;
    s.iso = 1.0f;  // the metaballs' f/(1+f) never reaches 1
    EXPECT_EQ(gpu.run(s).count, 0u);
}

TEST_P(EdgeCases, FullVolumeGivesNCubed) {
    FrameSettings s;
    s.classify = Classify::Solid;
    s.iso = 0.0f;
    const FrameResult r = gpu.run(s);
    ASSERT_EQ(r.count, 64u * 64u * 64u);
    const auto atlas = gpu.volume().read_atlas();
    EXPECT_TRUE(same_stream(gpu.compactor().read_stream(r.count),
                            reference_stream(layout, atlas.data(), Classify::Solid, 0.0f)));
}

TEST_P(EdgeCases, SingleVoxelAtTheLastPosition) {
    Volume v;
    v.dims = {64, 64, 64};
    v.values = VoxelValues(std::vector<float>(v.count(), 0.0f));
    v.values.floats()[v.count() - 1] = 0.75f;  // voxel (63, 63, 63)
    gpu.volume().upload(v);
    FrameSettings s;
    s.source = Source::Png;
    s.classify = Classify::Solid;
    s.iso = 0.5f;
    const FrameResult r = gpu.run(s);
    ASSERT_EQ(r.count, 1u);
    EXPECT_TRUE(same_stream(gpu.compactor().read_stream(1), {{63, 63, 63, 0.75f}}));
}

TEST_P(EdgeCases, PngAtlasWithAKnownPattern) {
    // A 16-bit PNG whose voxel (x,y,z) holds 1 where (x + 2y + 3z) mod 7 == 0, else 0.2: in
    // solid mode at iso 0.5 exactly those voxels are active.
    std::vector<float> samples(std::size_t(layout.texel_count()), 0.0f);
    std::uint32_t expected = 0;
    for (int z = 0; z < 64; ++z)
        for (int y = 0; y < 64; ++y)
            for (int x = 0; x < 64; ++x) {
                const Texel t = layout.texel_of({x, y, z});
                const bool on = (x + 2 * y + 3 * z) % 7 == 0;
                samples[std::size_t(t.y) * layout.atlas + t.x] = on ? 1.0f : 0.2f;
                expected += on;
            }
    const auto png = encode_png(samples, layout.atlas, layout.atlas, 1, 16);
    Volume atlas;
    AtlasLayout read;
    std::string error;
    ASSERT_TRUE(load_png_volume(png.data(), png.size(), 64, 8192, &atlas, &read, &error)) << error;
    ASSERT_EQ(read.atlas, layout.atlas);
    gpu.volume().upload(atlas);
    const std::vector<float> texels = volume_atlas(atlas, layout);
    FrameSettings s;
    s.source = Source::Png;
    s.classify = Classify::Solid;
    const FrameResult r = gpu.run(s);
    ASSERT_EQ(r.count, expected);
    EXPECT_TRUE(same_stream(gpu.compactor().read_stream(r.count),
                            reference_stream(layout, texels.data(), Classify::Solid, 0.5f)));
    // Surface mode on the same atlas: the cells around every active voxel.
    s.classify = Classify::Surface;
    const FrameResult r2 = gpu.run(s);
    const auto ref = reference_stream(layout, texels.data(), Classify::Surface, 0.5f);
    ASSERT_EQ(r2.count, ref.size());
    EXPECT_TRUE(same_stream(gpu.compactor().read_stream(r2.count), ref));
}

TEST_P(EdgeCases, ExpectedCountBelowEqualAndAboveTheTruth) {
    FrameSettings s;
    s.time = 0.5;
    const std::uint32_t truth = gpu.run(s).count;
    const auto atlas = gpu.volume().read_atlas();
    const auto ref = reference_stream(layout, atlas.data(), s.classify, s.iso);
    ASSERT_EQ(truth, ref.size());
    s.readback = Readback::Expected;
    for (std::uint32_t expected : {truth / 3, truth, truth + 5000}) {
        s.expected = expected;
        EXPECT_EQ(gpu.run(s).count, expected);
        // The stream holds the first min(expected, truth) keys; past them it is zero.
        const std::uint32_t written = std::min(expected, truth);
        const auto got = gpu.compactor().read_stream(written + 1);
        std::vector<StreamEntry> want(ref.begin(), ref.begin() + written);
        want.push_back({0, 0, 0, 0});
        EXPECT_TRUE(same_stream(got, want)) << "expected count " << expected << ", true " << truth;
    }
}

TEST_P(EdgeCases, AsyncCountArrivesAndTheStreamStaysExact) {
    FrameSettings s;
    s.time = 1.5;
    s.readback = Readback::Async;
    FrameResult r;
    for (int frame = 0; frame < 12; ++frame) r = gpu.run(s);  // a paused scene: the count settles
    const auto atlas = gpu.volume().read_atlas();
    const auto ref = reference_stream(layout, atlas.data(), s.classify, s.iso);
    if (GetParam().pyramid == Pyramid::Baseline) {
        EXPECT_TRUE(r.count_read) << "the baseline reads its count every frame";
    } else {
        EXPECT_FALSE(r.count_read);
        EXPECT_GE(r.keys_drawn, ref.size()) << "the draw must cover every key";
    }
    ASSERT_EQ(r.count, ref.size());
    EXPECT_TRUE(same_stream(gpu.compactor().read_stream(r.count), ref));
}

INSTANTIATE_TEST_SUITE_P(Modes, EdgeCases, ::testing::ValuesIn(all_modes()),
                         [](const auto& info) { return name_of(info.param); });

// The stream textures grow with the keys drawn (HistoPyramidDesc::first_stream_keys): a
// pyramid that starts with 4 rows (2,048 keys at 512²) keeps them while fewer keys are drawn,
// then grows to the power of two of rows that holds a base with 30% of its texels active
// (78,643 keys: 154 rows, so 256), and writes every key as the CPU finds them.
TEST(StreamGrowth, StartsSmallAndHoldsEveryKey) {
    ASSERT_NE(context(), nullptr);
    const int size = 512;
    std::vector<std::uint8_t> flags(std::size_t(size) * size), bytes(flags.size());
    std::mt19937 rng(7);
    for (std::size_t i = 0; i < flags.size(); ++i) {
        flags[i] = rng() % 10 < 3;
        bytes[i] = flags[i] ? 255 : 0;  // R8 reads 1.0
    }
    const std::vector<Texel> ref = active_texels_morton(flags, size);
    gl::Texture base(GL_R8, size, size);
    glBindTexture(GL_TEXTURE_2D, base.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, size, size, GL_RED, GL_UNSIGNED_BYTE, bytes.data());
    glBindTexture(GL_TEXTURE_2D, 0);
    for (PyramidLayout layout : {PyramidLayout::Scalar, PyramidLayout::Vec4}) {
        HistoPyramidDesc desc;
        desc.size = size;
        desc.layout = layout;
        desc.first_stream_keys = 100;
        HistoPyramid pyramid;
        std::string error;
        ASSERT_TRUE(pyramid.init(desc, &error)) << error;
        EXPECT_EQ(pyramid.stream_rows(), 4);
        pyramid.reduce(base);
        const std::uint32_t count = pyramid.read_count();
        ASSERT_EQ(count, ref.size());
        pyramid.traverse(base, 2048);
        EXPECT_EQ(pyramid.stream_rows(), 4) << "2,048 keys fit the first rows";
        pyramid.traverse(base, count);
        EXPECT_EQ(pyramid.stream_rows(), 256);
        const std::vector<float> got = pyramid.read_stream(count + 1);
        ASSERT_EQ(got.size(), (ref.size() + 1) * 4);
        for (std::size_t k = 0; k < ref.size(); ++k)
            ASSERT_TRUE(got[4 * k] == float(ref[k].x) && got[4 * k + 1] == float(ref[k].y) && got[4 * k + 3] == 1.0f)
                << "key " << k << ": (" << got[4 * k] << ", " << got[4 * k + 1] << "), CPU (" << ref[k].x << ", "
                << ref[k].y << ")";
        for (int c = 0; c < 4; ++c) EXPECT_EQ(got[4 * ref.size() + std::size_t(c)], 0.0f) << "past the count";
    }
}

}  // namespace


// --- the surface: marching cubes from the vertex-count pyramid -----------------------------

namespace {

// The GPU mesh against the CPU reference: the same vertex total, positions within 1e-4
// voxel, normals within 1e-3 (both unit length, or both zero).
::testing::AssertionResult same_mesh(const SurfaceMesh& gpu, std::uint32_t total, const MeshData& ref) {
    if (total != ref.vertices)
        return ::testing::AssertionFailure() << "GPU vertex total " << total << ", CPU " << ref.vertices;
    const std::uint32_t n = std::uint32_t(ref.positions.size() / 3);
    const std::vector<float> p = gpu.read_positions(n), q = gpu.read_normals(n);
    for (std::size_t i = 0; i < 3 * std::size_t(n); ++i) {
        if (std::abs(p[i] - ref.positions[i]) > 1e-4f)
            return ::testing::AssertionFailure() << "vertex " << i / 3 << " position[" << i % 3 << "]: GPU " << p[i]
                                                 << ", CPU " << ref.positions[i];
        if (std::abs(q[i] - ref.normals[i]) > 1e-3f)
            return ::testing::AssertionFailure() << "vertex " << i / 3 << " normal[" << i % 3 << "]: GPU " << q[i]
                                                 << ", CPU " << ref.normals[i];
    }
    return ::testing::AssertionSuccess();
}

struct MeshCase {
    const char* name;
    int volume;
    Source source;
    float iso;
    double time;
    Readback readback;
    bool fused_count = true;  // the classification writes the vertex counts (else their own pass)
    Format sums = Format::Float;  // the pyramids' sums, the vertex pyramid's too
};
void PrintTo(const MeshCase& c, std::ostream* os) { *os << c.name; }

class Surface : public ::testing::TestWithParam<MeshCase> {};

}  // namespace

TEST_P(Surface, MeshEqualsCpuReference) {
    ASSERT_NE(context(), nullptr);
    const MeshCase& c = GetParam();
    const AtlasLayout layout = layout_for_volume(c.volume);
    VolumeCompaction gpu;
    std::string error;
    ASSERT_TRUE(gpu.init(layout, {Pyramid::Scalar, c.sums}, &error)) << error;
    EXPECT_EQ(gpu.mesh().pyramid().format(), c.sums == Format::Uint ? SumFormat::Uint : SumFormat::Float);
    FrameSettings s;
    s.source = c.source;
    s.time = c.time;
    s.iso = c.iso;
    s.readback = c.readback;
    s.fused_count = c.fused_count;
    s.expected = 1u << 30;  // expected mode: every vertex drawn (15 per expected cell, capped)
    FrameResult r = gpu.run(s);
    ASSERT_TRUE(r.mesh);
    const std::vector<float> atlas = gpu.volume().read_atlas();
    const MeshData ref = reference_mesh(layout, atlas.data(), c.iso);
    EXPECT_GT(ref.vertices, 300u) << "the case should have a surface";
    const std::uint32_t total = c.readback == Readback::Sync ? r.vertices : gpu.mesh().read_total();
    EXPECT_TRUE(same_mesh(gpu.mesh(), total, ref));
}

std::vector<MeshCase> mesh_cases() {
    static std::vector<std::string> names;
    std::vector<MeshCase> out;
    for (Source src : {Source::Metaballs, Source::Sphere, Source::Noise})
        for (float iso : {0.35f, 0.6f}) out.push_back({nullptr, 64, src, iso, 0.75, Readback::Sync});
    out.push_back({nullptr, 64, Source::Metaballs, 0.5f, 2.5, Readback::Async});
    out.push_back({nullptr, 64, Source::Noise, 0.5f, 2.5, Readback::Expected});
    out.push_back({nullptr, 128, Source::Metaballs, 0.5f, 1.25, Readback::Sync});
    out.push_back({nullptr, 64, Source::Noise, 0.35f, 0.75, Readback::Sync, false});
    out.push_back({nullptr, 64, Source::Metaballs, 0.5f, 2.5, Readback::Sync, true, Format::Uint});
    out.push_back({nullptr, 64, Source::Noise, 0.5f, 2.5, Readback::Async, false, Format::Uint});
    for (const MeshCase& c : out) {
        char n[96];
        std::snprintf(n, sizeof n, "%d_%s_iso%g_%s%s%s", c.volume, name_of(c.source), c.iso, name_of(c.readback),
                      c.fused_count ? "" : "_separate_count", c.sums == Format::Uint ? "_uint" : "");
        std::string name = n;
        for (char& ch : name)
            if (ch == '.') ch = 'p';
        names.push_back(name);
    }
    for (std::size_t i = 0; i < out.size(); ++i) out[i].name = names[i].c_str();
    return out;
}
INSTANTIATE_TEST_SUITE_P(Mesh, Surface, ::testing::ValuesIn(mesh_cases()),
                         [](const auto& info) { return std::string(info.param.name); });

// No surface in an empty or a full volume; one cell at the far corner gives one triangle.
TEST(SurfaceEdges, EmptyFullAndTheLastCell) {
    ASSERT_NE(context(), nullptr);
    const AtlasLayout layout = layout_for_volume(64);
    VolumeCompaction gpu;
    std::string error;
    ASSERT_TRUE(gpu.init(layout, {Pyramid::Scalar, Format::Float}, &error)) << error;
    FrameSettings s;
    s.iso = 1.0f;  // nothing reaches it
    EXPECT_EQ(gpu.run(s).vertices, 0u);
    s.iso = 0.0f;  // everything is at or above it
    EXPECT_EQ(gpu.run(s).vertices, 0u);

    Volume v;
    v.dims = {64, 64, 64};
    v.values = VoxelValues(std::vector<float>(v.count(), 1.0f));
    v.values.floats()[v.count() - 1] = 0.0f;  // voxel (63, 63, 63): corner 6 of cell (62, 62, 62) below iso
    gpu.volume().upload(v);
    s.source = Source::Png;
    s.iso = 0.5f;
    const FrameResult r = gpu.run(s);
    ASSERT_EQ(r.vertices, 3u);
    const MeshData ref = reference_mesh(layout, volume_atlas(v, layout).data(), 0.5f);
    EXPECT_TRUE(same_mesh(gpu.mesh(), r.vertices, ref));
    const std::vector<float> p = gpu.mesh().read_positions(3);
    for (float x : p) EXPECT_GE(x, 62.5f);  // the triangle cuts the corner's three edges halfway
}

}  // namespace hp

namespace hp {
namespace {

// A volume as a file gives it: odd sizes on each axis, values in data units (a smooth field
// from −1000 to about 1500, as a CT's Hounsfield units), two blobs and a slab cut by the faces.
Volume odd_volume(std::array<int, 3> dims) {
    Volume v;
    v.dims = dims;
    v.values = VoxelValues(Stored::F32, v.count());
    float* f = v.values.floats();
    for (int z = 0; z < dims[2]; ++z)
        for (int y = 0; y < dims[1]; ++y)
            for (int x = 0; x < dims[0]; ++x) {
                auto blob = [&](float cx, float cy, float cz, float r) {
                    const float dx = (x - cx * dims[0]) / r, dy = (y - cy * dims[1]) / r, dz = (z - cz * dims[2]) / r;
                    return 2500.0f / (1.0f + dx * dx + dy * dy + dz * dz);
                };
                f[std::size_t(x) + std::size_t(dims[0]) * (std::size_t(y) + std::size_t(dims[1]) * z)] =
                    -1000.0f + blob(0.3f, 0.4f, 0.5f, 4.0f) + blob(0.7f, 0.6f, 0.4f, 3.0f) + 40.0f * float((x + 2 * y) % 5);
            }
    v.lo = *std::min_element(f, f + v.count());
    v.hi = *std::max_element(f, f + v.count());
    return v;
}

struct FileCase {
    std::array<int, 3> dims;
    CompactionMode mode;
};
void PrintTo(const FileCase& c, std::ostream* os) {
    *os << c.dims[0] << "x" << c.dims[1] << "x" << c.dims[2] << "_" << name_of(c.mode);
}

class FileVolume : public ::testing::TestWithParam<FileCase> {};

// A loaded volume on the GPU as the app puts it there: its own layout, the compaction made for
// it in `mode`, its slices uploaded.
::testing::AssertionResult upload_file(const Volume& v, CompactionMode mode, AtlasLayout* layout,
                                       VolumeCompaction* gpu) {
    std::string error;
    if (!volume_layout(v.dims, AtlasLimit{}, layout, &error) || !gpu->init(*layout, mode, &error))
        return ::testing::AssertionFailure() << error;
    gpu->volume().upload(v);
    return ::testing::AssertionSuccess();
}

}  // namespace

// A loaded X×Y×Z volume: its own layout (tiles of the powers of two at or above X and Y), its
// slices uploaded a row of tiles at a time; stream (both classifications) and mesh exact.
TEST_P(FileVolume, StreamAndMeshEqualCpuReference) {
    ASSERT_NE(context(), nullptr);
    const FileCase& c = GetParam();
    const Volume v = odd_volume(c.dims);
    AtlasLayout layout;
    VolumeCompaction gpu;
    ASSERT_TRUE(upload_file(v, c.mode, &layout, &gpu));
    const std::vector<float> atlas = gpu.volume().read_atlas();
    ASSERT_EQ(atlas, volume_atlas(v, layout)) << "the atlas the GPU holds is the volume's";
    for (Classify mode : {Classify::Surface, Classify::Solid}) {
        FrameSettings s;
        s.source = Source::File;
        s.classify = mode;
        s.iso = 300.0f;
        const FrameResult r = gpu.run(s);
        const auto ref = reference_stream(layout, atlas.data(), mode, s.iso);
        ASSERT_GT(ref.size(), 10u);
        ASSERT_EQ(r.count, ref.size());
        EXPECT_TRUE(same_stream(gpu.compactor().read_stream(r.count), ref)) << name_of(mode);
        for (const StreamEntry& e : ref)  // every entry inside the grid (cells: below its far faces)
            ASSERT_TRUE(e.x < c.dims[0] && e.y < c.dims[1] && e.z < c.dims[2]);
        if (mode == Classify::Surface && c.mode.pyramid == Pyramid::Scalar) {
            const MeshData mesh = reference_mesh(layout, atlas.data(), s.iso);
            EXPECT_TRUE(same_mesh(gpu.mesh(), r.vertices, mesh));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(
    Dims, FileVolume,
    ::testing::Values(FileCase{{37, 23, 11}, {Pyramid::Scalar, Format::Float}},
                      FileCase{{37, 23, 11}, {Pyramid::Vec4, Format::Uint}},
                      FileCase{{37, 23, 11}, {Pyramid::Baseline, Format::Float}},
                      FileCase{{5, 70, 9}, {Pyramid::Vec4, Format::Float}},
                      FileCase{{2, 3, 130}, {Pyramid::Scalar, Format::Uint}},
                      FileCase{{64, 40, 33}, {Pyramid::Scalar, Format::Float}}),
    [](const auto& info) {
        std::ostringstream s;
        PrintTo(info.param, &s);
        return s.str();
    });


// --- a label map (classify=labels): the stream of voxels between labels and their surface --

namespace {

// Labels 1..5 in slabs and wedges that meet three and four at a time, a label on the volume's
// faces, background holes; odd sizes.
Volume label_volume(const std::array<int, 3>& dims) {
    Volume v;
    v.dims = dims;
    v.values = VoxelValues(Stored::F32, v.count());
    float* f = v.values.floats();
    for (int z = 0; z < dims[2]; ++z)
        for (int y = 0; y < dims[1]; ++y)
            for (int x = 0; x < dims[0]; ++x) {
                float l = float(1 + (2 * x >= dims[0]) + 2 * (2 * y >= dims[1]));
                if ((x * 7 + y * 3 + z * 5) % 11 == 0) l = 0;
                if (z > dims[2] / 2 && x + y < dims[0] / 2) l = 5;
                f[std::size_t(x) + std::size_t(dims[0]) * (std::size_t(y) + std::size_t(dims[1]) * z)] = l;
            }
    v.lo = 0, v.hi = 5;
    return v;
}

class LabelMap : public ::testing::TestWithParam<FileCase> {};

}  // namespace

TEST_P(LabelMap, StreamAndMeshEqualCpuReference) {
    ASSERT_NE(context(), nullptr);
    const FileCase& c = GetParam();
    const Volume v = label_volume(c.dims);
    AtlasLayout layout;
    VolumeCompaction gpu;
    ASSERT_TRUE(upload_file(v, c.mode, &layout, &gpu));
    const std::vector<float> atlas = gpu.volume().read_atlas();
    for (bool fused : {true, false}) {
        FrameSettings s;
        s.source = Source::File;
        s.classify = Classify::Labels;
        s.fused_count = fused;
        const FrameResult r = gpu.run(s);
        const auto ref = reference_stream(layout, atlas.data(), Classify::Labels, 0.0f);
        ASSERT_GT(ref.size(), 50u);
        ASSERT_EQ(r.count, ref.size());
        EXPECT_TRUE(same_stream(gpu.compactor().read_stream(r.count), ref));
        const MeshData mesh = reference_label_mesh(layout, atlas.data());
        EXPECT_TRUE(same_mesh(gpu.mesh(), r.vertices, mesh)) << (fused ? "fused count" : "count pass");
        // Each vertex carries its label in the position's w (what the 3D view colours by).
        const std::vector<float> rgba = gpu.mesh().pyramid().read_stream(std::uint32_t(mesh.labels.size()), 0);
        for (std::size_t k = 0; k < mesh.labels.size(); ++k)
            ASSERT_EQ(rgba[4 * k + 3], mesh.labels[k]) << "vertex " << k << "'s label";
        // ... and the label on its triangle's other side in the normal's w (0: the background).
        const std::vector<float> others = per_triangle(gpu.mesh().read_labels(std::uint32_t(mesh.labels.size()), true));
        ASSERT_EQ(others.size(), mesh.other_labels.size());
        for (std::size_t t = 0; t < others.size(); ++t)
            ASSERT_EQ(others[t], mesh.other_labels[t]) << "triangle " << t << "'s other side";
        EXPECT_TRUE(std::count(others.begin(), others.end(), 0.0f) > 0 &&
                    std::count(others.begin(), others.end(), 0.0f) < std::ptrdiff_t(others.size()));
    }
}

INSTANTIATE_TEST_SUITE_P(
    Dims, LabelMap,
    ::testing::Values(FileCase{{37, 23, 11}, {Pyramid::Scalar, Format::Float}},
                      FileCase{{37, 23, 11}, {Pyramid::Vec4, Format::Uint}},
                      FileCase{{37, 23, 11}, {Pyramid::Baseline, Format::Float}},
                      FileCase{{20, 33, 17}, {Pyramid::Scalar, Format::Uint}}),
    [](const auto& info) {
        std::ostringstream s;
        PrintTo(info.param, &s);
        return s.str();
    });

}  // namespace hp

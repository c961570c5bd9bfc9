// WebGPU kernels as WGSL files (app/core/wgsl_bindings.h): includes resolved by name (nested,
// each chunk once, choices by slot, chunk names on the module's lines), the layout read from
// the declarations (with their access; comments skipped), and the C++ binds matched by name.
// Each kind of mistake is an error naming the file, the binding or the chunk.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

#include "embedded_shaders.h"
#include "wgsl_bindings.h"

namespace hp {
namespace {

const char* kShader = R"(
// @group(0) @binding(7) var<uniform> commented_out: X;
struct Volume { atlas: u32 }
@group(0) @binding(0) var<uniform> u: Volume;
/* a block /* nested */ comment @group(0) @binding(9) var<storage> nope: array<u32>; */
@group(0) @binding(1) var<storage, read> atlas: array<f32>;
@group(0)
  @binding(2) var<storage,read_write> stream : array<vec4<f32>>;
@group(0) @binding(3) var<storage> counts: array<u32>;
)";

const std::vector<BindingSpec> kSpecs = {{"u", BindingKind::Uniform},
                                         {"atlas", BindingKind::ReadOnly},
                                         {"stream", BindingKind::ReadWrite},
                                         {"counts", BindingKind::ReadOnly}};

TEST(WgslBindings, ParsesDeclarationsAndSkipsComments) {
    std::string error;
    const auto b = parse_wgsl_bindings(kShader, &error);
    EXPECT_EQ(error, "");
    ASSERT_EQ(b.size(), 4u);
    EXPECT_EQ(b[0].name, "u");
    EXPECT_EQ(b[0].kind, BindingKind::Uniform);
    EXPECT_EQ(b[1].name, "atlas");
    EXPECT_EQ(b[1].kind, BindingKind::ReadOnly);
    EXPECT_EQ(b[2].index, 2);
    EXPECT_EQ(b[2].name, "stream");
    EXPECT_EQ(b[2].kind, BindingKind::ReadWrite);
    EXPECT_EQ(b[3].kind, BindingKind::ReadOnly);  // var<storage> reads only
    EXPECT_EQ(b[0].type, "Volume");
    EXPECT_EQ(b[2].type, "array<vec4<f32>>");
}

TEST(WgslBindings, MatchingSpecsPass) {
    std::string error;
    EXPECT_TRUE(check_wgsl_bindings("s.wgsl", kShader, kSpecs, &error)) << error;
}

TEST(WgslBindings, WrongNameNamesShaderBindingAndExpectation) {
    auto specs = kSpecs;
    specs[1].name = "base";
    std::string error;
    EXPECT_FALSE(check_wgsl_bindings("s.wgsl", kShader, specs, &error));
    EXPECT_EQ(error, "s.wgsl: @binding(1): the pipeline expects var<storage, read> base, the shader declares "
                     "var<storage, read> atlas");
}

TEST(WgslBindings, WrongAccessIsAnError) {
    auto specs = kSpecs;
    specs[2].kind = BindingKind::ReadOnly;
    std::string error;
    EXPECT_FALSE(check_wgsl_bindings("s.wgsl", kShader, specs, &error));
    EXPECT_NE(error.find("expects var<storage, read> stream, the shader declares var<storage, read_write> stream"),
              std::string::npos)
        << error;
}

TEST(WgslBindings, MissingAndExtraBindings) {
    std::string error;
    auto more = kSpecs;
    more.push_back({"totals", BindingKind::ReadWrite});
    EXPECT_FALSE(check_wgsl_bindings("s.wgsl", kShader, more, &error));
    EXPECT_EQ(error, "s.wgsl: @binding(4): the pipeline expects var<storage, read_write> totals, the shader declares "
                     "nothing there");
    auto fewer = kSpecs;
    fewer.pop_back();
    EXPECT_FALSE(check_wgsl_bindings("s.wgsl", kShader, fewer, &error));
    EXPECT_EQ(error, "s.wgsl: @binding(3): the shader declares var<storage, read> counts, the pipeline binds 3 bindings");
}

TEST(WgslBindings, DuplicateAndUnreadableDeclarations) {
    std::string error;
    EXPECT_FALSE(check_wgsl_bindings("d.wgsl", std::string(kShader) + "@group(0) @binding(1) var<uniform> again: X;",
                                     kSpecs, &error));
    EXPECT_NE(error.find("declared twice"), std::string::npos) << error;
    EXPECT_FALSE(check_wgsl_bindings("t.wgsl", "@group(0) @binding(0) var<workgroup> w: u32;", {{"w"}}, &error));
    EXPECT_NE(error.find("t.wgsl: line 1:"), std::string::npos) << error;
}

TEST(WgslBindings, LayoutIsReadFromTheText) {
    std::vector<WgslBinding> layout;
    std::string error;
    ASSERT_TRUE(wgsl_layout("s.wgsl", kShader, &layout, &error)) << error;
    ASSERT_EQ(layout.size(), 4u);
    const char* names[] = {"u", "atlas", "stream", "counts"};
    const BindingKind kinds[] = {BindingKind::Uniform, BindingKind::ReadOnly, BindingKind::ReadWrite,
                                 BindingKind::ReadOnly};
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(layout[std::size_t(i)].index, i);
        EXPECT_EQ(layout[std::size_t(i)].name, names[i]);
        EXPECT_EQ(layout[std::size_t(i)].kind, kinds[i]);
    }
    // Declared out of order: the layout is by index.
    ASSERT_TRUE(wgsl_layout("o.wgsl", "@group(0) @binding(1) var<storage> b: X;\n@group(0) @binding(0) var<uniform> a: Y;",
                            &layout, &error));
    EXPECT_EQ(layout[0].name, "a");
    EXPECT_FALSE(wgsl_layout("g.wgsl", "@group(0) @binding(0) var<uniform> a: Y;\n@group(0) @binding(2) var<storage> b: X;",
                             &layout, &error));
    EXPECT_EQ(error, "g.wgsl: no @binding(1): the bindings are numbered from 0 with none missing");
    EXPECT_FALSE(wgsl_layout("n.wgsl", "@group(0) @binding(0) var<uniform> a: Y;\n@group(0) @binding(1) var<storage> a: X;",
                             &layout, &error));
    EXPECT_NE(error.find("the name is bound twice"), std::string::npos) << error;
    EXPECT_FALSE(wgsl_layout("h.wgsl", "@group(1) @binding(0) var<uniform> a: Y;", &layout, &error));
    EXPECT_EQ(error, "h.wgsl: @group(1) @binding(0) a: only group 0 is bound");
}

TEST(WgslBindings, BindsByName) {
    std::vector<WgslBinding> layout;
    std::string error;
    ASSERT_TRUE(wgsl_layout("s.wgsl", kShader, &layout, &error)) << error;
    std::vector<int> slots;
    ASSERT_TRUE(wgsl_bind_slots("s.wgsl", layout, {"counts", "u", "stream", "atlas"}, &slots, &error)) << error;
    EXPECT_EQ(slots, (std::vector<int>{3, 0, 2, 1}));
    EXPECT_FALSE(wgsl_bind_slots("s.wgsl", layout, {"counts", "u", "stream", "atlas", "mc"}, &slots, &error));
    EXPECT_EQ(error, "s.wgsl: binds 'mc', which the kernel does not declare (it declares u, atlas, stream, counts)");
    EXPECT_FALSE(wgsl_bind_slots("s.wgsl", layout, {"counts", "u", "u", "atlas"}, &slots, &error));
    EXPECT_EQ(error, "s.wgsl: binds 'u' twice");
    EXPECT_FALSE(wgsl_bind_slots("s.wgsl", layout, {"counts", "u", "atlas"}, &slots, &error));
    EXPECT_EQ(error, "s.wgsl: leaves @binding(2) stream unbound");
}

// A little shaders/ for the includes.
const std::map<std::string, std::string> kFiles = {
    {"k.wgsl", "// kernel\n//!include b.wgsl\n//!include a.wgsl\n@group(0) @binding(0) var<uniform> u: V;\nfn main() {}\n"},
    {"a.wgsl", "//!include b.wgsl\nfn a() {}\n"},
    {"b.wgsl", "fn b() {}\nfn b2() {}\n"},
    {"slot.wgsl", "//!include {io}\nfn main() {}\n"},
    {"io_x.wgsl", "enable subgroups;\n//!include a.wgsl\nfn x() {}\n"},
    {"late.wgsl", "fn main() {}\n//!include a.wgsl\n"},
    {"lost.wgsl", "//!include a.wgsl\n//!include gone.wgsl\n"},
    {"c1.wgsl", "//!include c2.wgsl\n"},
    {"c2.wgsl", "//!include c1.wgsl\n"},
};
const WgslLookup kLookup = [](const std::string& name) -> const char* {
    const auto f = kFiles.find(name);
    return f == kFiles.end() ? nullptr : f->second.c_str();
};

TEST(WgslInclude, ChunksComeOnceBeforeTheirIncluderNamedByLine) {
    WgslModule m;
    std::string error;
    ASSERT_TRUE(resolve_wgsl("k.wgsl", kLookup, {}, &m, &error)) << error;
    ASSERT_EQ(m.chunks.size(), 3u);  // b once, though k and a both include it
    EXPECT_EQ(m.chunks[0].name, "b.wgsl");
    EXPECT_EQ(m.chunks[1].name, "a.wgsl");
    EXPECT_EQ(m.chunks[2].name, "k.wgsl");
    EXPECT_EQ(m.code,
              "// #line 1 \"b.wgsl\"\nfn b() {}\nfn b2() {}\n"
              "// #line 1 \"a.wgsl\"\n//!include b.wgsl\nfn a() {}\n"
              "// #line 1 \"k.wgsl\"\n// kernel\n//!include b.wgsl\n//!include a.wgsl\n"
              "@group(0) @binding(0) var<uniform> u: V;\nfn main() {}\n");
    EXPECT_EQ(m.where(3), "b.wgsl:2");
    EXPECT_EQ(m.where(6), "a.wgsl:2");
    EXPECT_EQ(m.where(11), "k.wgsl:4");
    EXPECT_EQ(m.where(1), "");  // a marker
    EXPECT_EQ(m.name_lines("Error while parsing WGSL: :11:5 error: unresolved type 'V'"),
              "Error while parsing WGSL: k.wgsl:4:5 error: unresolved type 'V'");
    std::vector<WgslBinding> layout;
    ASSERT_TRUE(wgsl_layout("k.wgsl", m.code, &layout, &error)) << error;
    EXPECT_EQ(layout.size(), 1u);
}

TEST(WgslInclude, ChoicesAndEnables) {
    WgslModule m;
    std::string error;
    ASSERT_TRUE(resolve_wgsl("slot.wgsl", kLookup, {{"io", "io_x.wgsl"}}, &m, &error)) << error;
    EXPECT_EQ(m.code.rfind("enable subgroups;\n// #line 1 \"b.wgsl\"", 0), 0u) << m.code;
    EXPECT_NE(m.code.find("// enable subgroups;"), std::string::npos);  // its line stays, as a comment
    EXPECT_EQ(m.where(2), "");
    EXPECT_EQ(m.where(3), "b.wgsl:1");
    EXPECT_FALSE(resolve_wgsl("slot.wgsl", kLookup, {}, &m, &error));
    EXPECT_EQ(error, "slot.wgsl:1 includes {io}, for which the pipeline chooses no chunk");
    EXPECT_FALSE(resolve_wgsl("k.wgsl", kLookup, {{"io", "io_x.wgsl"}}, &m, &error));
    EXPECT_EQ(error, "k.wgsl: chooses io_x.wgsl for {io}, which no file includes");
}

TEST(WgslInclude, MistakesNameTheIncludingFile) {
    WgslModule m;
    std::string error;
    EXPECT_FALSE(resolve_wgsl("lost.wgsl", kLookup, {}, &m, &error));
    EXPECT_EQ(error, "lost.wgsl:2 includes gone.wgsl, which is not a file of shaders/ in this build");
    EXPECT_FALSE(resolve_wgsl("none.wgsl", kLookup, {}, &m, &error));
    EXPECT_EQ(error, "the kernel none.wgsl is not a file of shaders/ in this build");
    EXPECT_FALSE(resolve_wgsl("late.wgsl", kLookup, {}, &m, &error));
    EXPECT_EQ(error, "late.wgsl:2: an //!include after the code begins (includes go in the file's header)");
    EXPECT_FALSE(resolve_wgsl("c1.wgsl", kLookup, {}, &m, &error));
    EXPECT_EQ(error, "c2.wgsl:1 includes c1.wgsl, which includes c2.wgsl: a circle");
}

// Every kernel of shaders/ (with each choice the app makes) resolves, and its layout reads:
// numbered from 0, each uniform a struct.
TEST(WgslInclude, TheKernelsOfShadersResolve) {
    const WgslLookup embedded = [](const std::string& name) { return embedded_shader(name); };
    std::vector<std::pair<std::string, WgslChoices>> kernels;
    // Every kernel of shaders/ without a choice (its first line "// Kernel", no `//!include {...}`),
    // found by its file: a new kernel is checked without being listed here; the 3D view's shader.
    std::size_t plain = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(HP_SOURCE_DIR) + "/shaders")) {
        if (entry.path().extension() != ".wgsl") continue;
        std::ifstream in(entry.path());
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (text.rfind("// Kernel", 0) != 0 || text.find("//!include {") != std::string::npos) continue;
        // The bricked surface's kernels choose through a chunk they include (brick_slots.wgsl's
        // {brick_values}, {brick_cells}): listed below with each choice.
        if (text.find("//!include brick_slots.wgsl") != std::string::npos) continue;
        kernels.push_back({entry.path().filename().string(), {}});
        ++plain;
    }
    EXPECT_GE(plain, 16u) << "the kernels without a choice, found in shaders/";
    kernels.push_back({"surface.wgsl", {}});
    for (const char* values : {"brick_values_u8.wgsl", "brick_values_i8.wgsl", "brick_values_u16.wgsl",
                               "brick_values_i16.wgsl", "brick_values_f32.wgsl"})
        for (const char* cells : {"brick_surface_cells.wgsl", "brick_label_cells.wgsl"})
            for (const char* k : {"brick_mesh_count.wgsl", "brick_mesh_extract.wgsl"})
                kernels.push_back({k, {{"brick_values", values}, {"brick_cells", cells}}});
    for (const char* source : {"source_metaballs.wgsl", "source_sphere.wgsl", "source_noise.wgsl"})
        kernels.push_back({"volume_source.wgsl", {{"source", source}}});
    // The counts from the atlas: a cell's vertices, or a point's crossing edges.
    const std::vector<WgslChoices> at = {{{"vertices_at", "vertices_at_cell.wgsl"}},
                                         {{"vertices_at", "vertices_at_point.wgsl"}}};
    for (const WgslChoices& v : at) kernels.push_back({"mesh_count.wgsl", v});
    std::vector<WgslChoices> ios;
    for (const char* io : {"scan_io_stream.wgsl", "scan_io_mesh_stream.wgsl", "scan_io_buffer.wgsl"})
        ios.push_back({{"scan_io", io}});
    for (const WgslChoices& v : at) {
        ios.push_back(v);
        ios.back().push_back({"scan_io", "scan_io_mesh.wgsl"});
    }
    for (const WgslChoices& io : ios) {
        for (const char* sum : {"scan_sum.wgsl", "scan_sum_subgroups.wgsl"}) {
            WgslChoices summed = io;
            summed.push_back({"scan_sum", sum});
            kernels.push_back({"rts_reduce.wgsl", summed});
            kernels.push_back({"scan_single_pass.wgsl", summed});
        }
        kernels.push_back({"rts_spine.wgsl", io});
        kernels.push_back({"rts_downsweep.wgsl", io});
    }
    for (const auto& [file, choices] : kernels) {
        WgslModule m;
        std::vector<WgslBinding> layout;
        std::string error;
        EXPECT_TRUE(resolve_wgsl(file, embedded, choices, &m, &error) && wgsl_layout(file, m.code, &layout, &error))
            << error;
        EXPECT_EQ(m.chunks.back().name, file);
        EXPECT_EQ(m.code.find("@compute"), m.code.rfind("@compute")) << file << ": one entry point";
        for (const WgslBinding& b : layout) {
            if (b.kind == BindingKind::Uniform) {
                EXPECT_EQ(b.type.find('<'), std::string::npos) << file << " " << b.name;
            }
        }
    }
}

// The subgroups' `enable` goes to the module's first line, wherever its chunk comes.
TEST(WgslInclude, SubgroupsAreEnabledFirst) {
    WgslModule m;
    std::string error;
    ASSERT_TRUE(resolve_wgsl("rts_reduce.wgsl", [](const std::string& n) { return embedded_shader(n); },
                             {{"scan_io", "scan_io_stream.wgsl"}, {"scan_sum", "scan_sum_subgroups.wgsl"}}, &m, &error))
        << error;
    EXPECT_EQ(m.code.rfind("enable subgroups;\n", 0), 0u);
}

}  // namespace
}  // namespace hp

// The WGSL binding check that every WebGPU pipeline goes through (app/core/wgsl_bindings.h):
// declarations are read with their access, comments are skipped, and each kind of mismatch is
// an error naming the shader, the binding and what was expected.
#include <gtest/gtest.h>

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

const std::vector<BindingSpec> kSpecs = {{"u", BindingKind::Uniform, 16},
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
    EXPECT_NE(error.find("@binding(3) counts is declared in the shader but the pipeline binds 3 bindings"),
              std::string::npos)
        << error;
}

TEST(WgslBindings, DuplicateAndUnreadableDeclarations) {
    std::string error;
    EXPECT_FALSE(check_wgsl_bindings("d.wgsl", std::string(kShader) + "@group(0) @binding(1) var<uniform> again: X;",
                                     kSpecs, &error));
    EXPECT_NE(error.find("declared twice"), std::string::npos) << error;
    EXPECT_FALSE(check_wgsl_bindings("t.wgsl", "@group(0) @binding(0) var<workgroup> w: u32;", {{"w"}}, &error));
    EXPECT_NE(error.find("t.wgsl: line 1:"), std::string::npos) << error;
}

}  // namespace
}  // namespace hp

// The volume's parameters are laid out three times: volume.glsl's std140 block `Volume`, its
// C++ mirror (app/gpu/volume_block.h, whose offsets static_asserts pin) and WebGPU's
// VolumeUniform (app/webgpu/webgpu_uniforms.h, the twin of volume.wgsl's Volume). Here the
// GLSL block's members are read in order against the mirror's, and the fields the two backends
// share are checked at the same offsets.
#include <gtest/gtest.h>

#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

#include "embedded_shaders.h"
#include "volume_block.h"
#include "webgpu_uniforms.h"

namespace hp {
namespace {

// The member names of the GLSL uniform block `name`, in order.
std::vector<std::string> glsl_block_members(const std::string& glsl, const std::string& name) {
    std::vector<std::string> out;
    const std::size_t begin = glsl.find("uniform " + name + " {");
    if (begin == std::string::npos) return out;
    const std::size_t end = glsl.find('}', begin);
    std::istringstream body(glsl.substr(begin, end - begin));
    std::string line;
    std::getline(body, line);  // the block's own line
    while (std::getline(body, line)) {
        line = line.substr(0, line.find("//"));
        std::istringstream words(line);
        std::string type, member;
        if (words >> type >> member) out.push_back(member.substr(0, member.find(';')));
    }
    return out;
}

TEST(VolumeBlock, GlslBlockListsTheMirrorsFieldsInOrder) {
    const char* glsl = embedded_shader("volume.glsl");
    ASSERT_NE(glsl, nullptr);
    EXPECT_NE(std::string(glsl).find("layout(std140) uniform Volume {"), std::string::npos);
    const std::vector<std::string> expected = {"uDims", "uAtlasSize", "uTileShift", "uTilesShift", "uIso", "uClassify"};
    EXPECT_EQ(glsl_block_members(glsl, "Volume"), expected);
}

TEST(VolumeBlock, SharedFieldsSitWhereWebGpusDo) {
    using W = wgpu::VolumeUniform;
    EXPECT_EQ(offsetof(VolumeBlock, dims), offsetof(W, dims));
    EXPECT_EQ(offsetof(VolumeBlock, atlas), offsetof(W, atlas));
    EXPECT_EQ(offsetof(VolumeBlock, tile_shift), offsetof(W, tile_shift));
    EXPECT_EQ(offsetof(VolumeBlock, tiles_shift), offsetof(W, tiles_shift));
    EXPECT_EQ(offsetof(VolumeBlock, iso), offsetof(W, iso));
    EXPECT_EQ(offsetof(VolumeBlock, classify), offsetof(W, classify));
}

TEST(VolumeBlock, OfFillsTheLayout) {
    DemoState s;
    s.classify = Classify::Solid;
    s.iso = 0.25f;
    const VolumeBlock b = VolumeBlock::of(AtlasLayout(1024, {100, 60, 30}), s);
    EXPECT_EQ(b.dims[0], 100);
    EXPECT_EQ(b.dims[2], 30);
    EXPECT_EQ(b.atlas, 1024);
    EXPECT_EQ(b.tile_shift[0], 7);  // W = 128
    EXPECT_EQ(b.tile_shift[1], 6);  // H = 64
    EXPECT_EQ(b.tiles_shift, 3);    // T = 1024 / 128
    EXPECT_EQ(b.iso, 0.25f);
    EXPECT_EQ(b.classify, 1);
}

}  // namespace
}  // namespace hp

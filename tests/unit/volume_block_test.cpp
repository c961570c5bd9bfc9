// The volume's parameters are laid out three times: volume.glsl's std140 block `Volume`, its
// C++ mirror (app/gpu/volume_block.h, whose offsets static_asserts pin) and WebGPU's
// VolumeUniform (app/webgpu/webgpu_uniforms.h, the twin of volume.wgsl's Volume). Here the
// GLSL block's members are laid out by std140's rules against the mirror's, and the fields
// the two backends share are checked at the same offsets. A new field needs no line here.
#include <gtest/gtest.h>

#include <cctype>
#include <cstddef>
#include <utility>
#include <sstream>
#include <string>
#include <vector>

#include "embedded_shaders.h"
#include "volume_block.h"
#include "webgpu_uniforms.h"

namespace hp {
namespace {

// The std140 offset of each member of the GLSL uniform block `name` (scalars and 2-, 3-,
// 4-vectors of int and float), in order; *end: where the last one ends.
std::vector<std::pair<std::string, int>> std140_members(const std::string& glsl, const std::string& name, int* end) {
    std::vector<std::pair<std::string, int>> out;
    *end = 0;
    const std::size_t begin = glsl.find("uniform " + name + " {");
    if (begin == std::string::npos) return out;
    std::istringstream body(glsl.substr(begin, glsl.find('}', begin) - begin));
    std::string line;
    std::getline(body, line);  // the block's own line
    while (std::getline(body, line)) {
        std::istringstream words(line.substr(0, line.find("//")));
        std::string type, member;
        if (!(words >> type >> member)) continue;
        const char last = type.back();
        const int n = std::isdigit(static_cast<unsigned char>(last)) ? last - '0' : 1;
        EXPECT_TRUE(type == "int" || type == "float" || type.find("vec") != std::string::npos) << type;
        const int align = n == 1 ? 4 : n == 2 ? 8 : 16;
        *end = (*end + align - 1) / align * align;
        out.emplace_back(member.substr(0, member.find(';')), *end);
        *end += 4 * n;
    }
    return out;
}

// The mirror's fields where std140 puts volume.glsl's members, and nothing in the block past
// them: a member added to the block and not to the struct (or the other way) ends elsewhere
// than the struct's padding begins.
TEST(VolumeBlock, TheMirrorHoldsTheGlslBlockAtStd140Offsets) {
    const char* glsl = embedded_shader("volume.glsl");
    ASSERT_NE(glsl, nullptr);
    EXPECT_NE(std::string(glsl).find("layout(std140) uniform Volume {"), std::string::npos);
    int end = 0;
    const auto members = std140_members(glsl, "Volume", &end);
    const std::vector<std::pair<std::string, int>> mirror = {
        {"uDims", int(offsetof(VolumeBlock, dims))},         {"uAtlasSize", int(offsetof(VolumeBlock, atlas))},
        {"uTileShift", int(offsetof(VolumeBlock, tile_shift))}, {"uTilesShift", int(offsetof(VolumeBlock, tiles_shift))},
        {"uIso", int(offsetof(VolumeBlock, iso))},           {"uClassify", int(offsetof(VolumeBlock, classify))},
        {"uCropped", int(offsetof(VolumeBlock, cropped))},   {"uCropLo", int(offsetof(VolumeBlock, crop_lo))},
        {"uBackground", int(offsetof(VolumeBlock, background))}, {"uCropHi", int(offsetof(VolumeBlock, crop_hi))}};
    ASSERT_GE(members.size(), mirror.size());
    for (std::size_t i = 0; i < mirror.size(); ++i) EXPECT_EQ(members[i], mirror[i]);
    EXPECT_EQ(end, int(offsetof(VolumeBlock, pad))) << "volume.glsl's Volume and VolumeBlock differ in their fields";
    EXPECT_EQ((end + 15) / 16 * 16, int(sizeof(VolumeBlock)));
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
    FrameSettings s;
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
    EXPECT_EQ(b.cropped, 0);  // the whole volume: no voxel is background
    s.crop_y0 = 10, s.crop_z1 = 20, s.background = -2;
    const VolumeBlock c = VolumeBlock::of(AtlasLayout(1024, {100, 60, 30}), s);
    EXPECT_EQ(c.cropped, 1);
    EXPECT_EQ(c.crop_lo[1], 10);
    EXPECT_EQ(c.crop_hi[0], 99);  // -1: the last voxel
    EXPECT_EQ(c.crop_hi[2], 20);
    EXPECT_EQ(c.background, -2.0f);
}

}  // namespace
}  // namespace hp

// The Explain view's walk on a real GL stack: the walk the GPU reads from each pyramid layout
// (scalar and vec4, float and uint sums, the baseline) equals the CPU reference's walk over the
// same base, key for key, level for level, and ends at the stream's voxel with its cell's case.
#include <gtest/gtest.h>

#include <random>

#include "cpu_reference.h"
#include "explain.h"
#include "explain_pass.h"
#include "test_context.h"
#include "volume_compaction.h"

namespace hp {
std::string name_of(const CompactionMode& m);
std::vector<CompactionMode> all_modes();

namespace {

class ExplainWalk : public ::testing::TestWithParam<CompactionMode> {};

TEST_P(ExplainWalk, EqualsTheCpuWalk) {
    ASSERT_NE(test_context(), nullptr);
    for (const auto& [volume, classify] : {std::pair{64, Classify::Surface}, std::pair{128, Classify::Solid}}) {
        const AtlasLayout layout = layout_for_volume(volume);
        VolumeCompaction gpu;
        ExplainPass pass;
        std::string error;
        ASSERT_TRUE(gpu.init(layout, GetParam(), &error)) << error;
        ASSERT_TRUE(pass.init(&error)) << error;
        FrameSettings s;
        s.source = Source::Noise;
        s.classify = classify;
        s.iso = 0.55f;
        s.time = 1.0;
        const FrameResult r = gpu.run(s);
        const std::vector<float> atlas = gpu.volume().read_atlas();
        const auto base = hp::classify(layout, atlas.data(), classify, s.iso);
        const auto pyramid = build_scalar_pyramid(base, layout.atlas);
        const auto stream = reference_stream(layout, atlas.data(), classify, s.iso);
        ASSERT_EQ(r.count, pyramid_total(pyramid));
        std::mt19937 rng(volume);
        for (std::uint32_t key : {0u, r.count - 1, r.count / 2, std::uint32_t(rng() % r.count),
                                  std::uint32_t(rng() % r.count), r.count}) {
            Explanation e;
            e.key = key;
            ASSERT_TRUE(pass.walk(gpu.compactor(), gpu.volume(), classify, s.iso, &e, &error)) << error;
            const Explanation want = explain_reference(pyramid, base, layout.atlas, key);
            ASSERT_EQ(e.state, want.state) << "key " << key;
            if (key == r.count) continue;  // refused
            ASSERT_EQ(e.path.size(), want.path.size());
            for (std::size_t i = 0; i < e.path.size(); ++i) {
                const WalkStep &g = e.path[i], &c = want.path[i];
                EXPECT_TRUE(g.texel.x == c.texel.x && g.texel.y == c.texel.y && g.sum == c.sum && g.lo == c.lo &&
                            g.children == c.children && g.child == c.child)
                    << "key " << key << ", level " << g.level << ": GPU (" << g.texel.x << ", " << g.texel.y
                    << ") sum " << g.sum << " from " << g.lo << ", CPU (" << c.texel.x << ", " << c.texel.y << ") sum "
                    << c.sum << " from " << c.lo;
            }
            const StreamEntry& entry = stream[key];
            EXPECT_EQ(float(e.voxel.x), entry.x);
            EXPECT_EQ(float(e.voxel.y), entry.y);
            EXPECT_EQ(float(e.voxel.z), entry.z);
            if (classify == Classify::Surface) EXPECT_EQ(float(e.cell_case), entry.w) << "key " << key;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Modes, ExplainWalk, ::testing::ValuesIn(all_modes()),
                         [](const auto& info) { return name_of(info.param); });

}  // namespace
}  // namespace hp

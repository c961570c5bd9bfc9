#include <gtest/gtest.h>

#include "demo_state.h"

namespace hp {
namespace {

TEST(DemoState, AppliesKnownSettings) {
    DemoState s;
    std::string error;
    ASSERT_TRUE(apply_setting(&s, "pyramid", "vec4", &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "source", "sphere", &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "iso", "0.4", &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "time", "1.5", &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "paused", "1", &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "atlas", "512", &error)) << error;
    EXPECT_EQ(s.pyramid, Pyramid::Vec4);
    EXPECT_EQ(s.source, Source::Sphere);
    EXPECT_FLOAT_EQ(s.iso, 0.4f);
    EXPECT_DOUBLE_EQ(s.time, 1.5);
    EXPECT_TRUE(s.paused);
    EXPECT_EQ(s.volume, 64);
}

TEST(DemoState, ScanAndFallbackSettings) {
    DemoState s;
    std::string error;
    EXPECT_EQ(s.scan, ScanKind::Blocks);
    ASSERT_TRUE(apply_setting(&s, "scan", "single", &error)) << error;
    ASSERT_TRUE(apply_setting(&s, "fallback", "1", &error)) << error;
    EXPECT_EQ(s.scan, ScanKind::Single);
    EXPECT_TRUE(s.fallback);
    EXPECT_FALSE(apply_setting(&s, "scan", "fast", &error));
    EXPECT_NE(error.find("scan='fast' is not one of: blocks, rts, single"), std::string::npos) << error;
    EXPECT_EQ(s.scan, ScanKind::Single);
}

TEST(DemoState, RejectsBadInputNamingItAndChangesNothing) {
    DemoState s;
    std::string error;
    EXPECT_FALSE(apply_setting(&s, "colour", "red", &error));
    EXPECT_NE(error.find("unknown setting 'colour'"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "iso", "1.5", &error));
    EXPECT_NE(error.find("out of range"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "iso", "abc", &error));
    EXPECT_NE(error.find("not a number"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "pyramid", "<b>vec8</b>", &error));
    EXPECT_NE(error.find("scalar, vec4"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "volume", "100", &error));
    EXPECT_FALSE(apply_setting(&s, "expected", "2.5", &error));
    EXPECT_FALSE(apply_setting(&s, "paused", "maybe", &error));
    const DemoState fresh;
    EXPECT_EQ(s.pyramid, fresh.pyramid);
    EXPECT_EQ(s.volume, fresh.volume);
    EXPECT_EQ(s.iso, fresh.iso);
    EXPECT_EQ(s.paused, fresh.paused);
}

TEST(DemoState, RejectsControlCharactersByName) {
    DemoState s;
    std::string error;
    EXPECT_FALSE(apply_setting(&s, "iso", "0.5\npyramid=baseline", &error));
    EXPECT_NE(error.find("'iso': a setting with a control character"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "pyramid", std::string("vec4\0", 5), &error));
    EXPECT_NE(error.find("'pyramid': a setting with a control character"), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "paused\r", "1", &error));
    EXPECT_NE(error.find("control character"), std::string::npos) << error;
    EXPECT_EQ(s.pyramid, Pyramid::Scalar);
    EXPECT_FALSE(s.paused);
    // Found by tests/fuzz: DEL (0x7f) went through into the message.
    EXPECT_FALSE(apply_setting(&s, "colour\x7f", "red", &error));
    EXPECT_EQ(error.find('\x7f'), std::string::npos) << error;
    EXPECT_FALSE(apply_setting(&s, "colour", "red\x7f", &error));
    EXPECT_EQ(error.find('\x7f'), std::string::npos) << error;
}

}  // namespace
}  // namespace hp

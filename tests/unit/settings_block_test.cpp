// The Settings uniform block (settings_block.h): made from the table's rows marked in_shaders,
// each member 4 bytes at byte 4i in the table's order (std140 packs such scalars one after
// another), the words a state's values.
#include <gtest/gtest.h>

#include <cstring>

#include "settings.h"
#include "settings_block.h"

namespace hp {
namespace {

TEST(SettingsBlock, TheTablesShaderRowsInOrderWithTheirValues) {
    std::vector<const Setting*> rows;
    for (const Setting& r : settings())
        if (r.shader) rows.push_back(&r);
    ASSERT_FALSE(rows.empty());
    const std::string glsl = settings_block_glsl();
    EXPECT_EQ(glsl.rfind("layout(std140) uniform Settings {\n", 0), 0u) << glsl;
    std::size_t at = 0;
    for (const Setting* r : rows) {  // each member once, in the table's order
        const std::size_t found = glsl.find("    " + settings_block_member(*r) + ";\n", at);
        ASSERT_NE(found, std::string::npos) << settings_block_member(*r) << " in\n" << glsl;
        at = found + 1;
    }
    EXPECT_EQ(settings_block_member(*find_setting("color")), "int uColor");
    // A state's values at their words; the size a multiple of 16 bytes.
    DemoState s;
    s.color = SurfaceColor::Order;
    const std::vector<std::uint32_t> words = settings_block_words(s);
    EXPECT_EQ(words.size() % 4, 0u);
    EXPECT_GE(words.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const double want = rows[i]->get(s);
        if (settings_block_member(*rows[i]).rfind("float", 0) == 0) {
            float f = 0;
            std::memcpy(&f, &words[i], 4);
            EXPECT_EQ(f, float(want)) << rows[i]->key;
        } else {
            EXPECT_EQ(std::int32_t(words[i]), std::int32_t(want)) << rows[i]->key;
        }
    }
    EXPECT_EQ(words[0], std::uint32_t(SurfaceColor::Order));  // color is the first
}

}  // namespace
}  // namespace hp

#include "settings_block.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "settings.h"

namespace hp {
namespace {

bool is_float(const Setting& row) { return row.kind == SettingKind::Number && !row.whole; }

}  // namespace

std::string settings_block_member(const Setting& row) {
    std::string name = row.key;
    name[0] = char(std::toupper(static_cast<unsigned char>(name[0])));
    return std::string(is_float(row) ? "float" : "int") + " u" + name;
}

std::string settings_block_glsl() {
    std::string out = "layout(std140) uniform Settings {\n";
    bool any = false;
    for (const Setting& row : settings())
        if (row.shader) out += "    " + settings_block_member(row) + ";\n", any = true;
    if (!any) out += "    int uNoSetting;\n";  // GLSL has no empty block
    return out + "};\n";
}

std::vector<std::uint32_t> settings_block_words(const DemoState& s) {
    std::vector<std::uint32_t> words;
    for (const Setting& row : settings()) {
        if (!row.shader) continue;
        const double v = row.get(s);
        std::uint32_t w = 0;
        if (is_float(row)) {
            const float f = float(v);
            std::memcpy(&w, &f, 4);
        } else {
            w = std::uint32_t(std::int32_t(v));
        }
        words.push_back(w);
    }
    // std140: the block's size a multiple of 16 bytes (uNoSetting's word where there is no row).
    words.resize(std::max<std::size_t>(4, (words.size() + 3) / 4 * 4));
    return words;
}

}  // namespace hp

// The settings the WebGL2 shaders read, as one std140 uniform block made from the settings table
// (its rows marked in_shaders, settings.cpp): the GLSL declaration that a program gets by naming
// "settings.glsl" among its sources (shader_program.cpp makes it from this), and the block's
// bytes for a state (written once before the frame's passes and once before the views,
// app/gpu/settings_buffer.h). Each member is u<Key> ("color" → uColor), in the table's order, 4
// bytes: an int (a choice's index, 0/1 for a flag, a whole number) or a float; std140 packs such
// scalars one after another, so member i sits at byte 4i. So a setting that reaches the shaders
// is its field, its row (in_shaders) and its use in a shader (docs/adding.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "demo_state.h"

namespace hp {

struct Setting;

// The binding point of the block (the Volume block's is 0: app/gpu/volume_block.h).
constexpr unsigned kSettingsBinding = 1;
// The name a program's sources give to get the block's declaration (shader_program.cpp).
constexpr const char* kSettingsChunk = "settings.glsl";

std::string settings_block_member(const Setting& row);  // "int uColor"
std::string settings_block_glsl();                      // layout(std140) uniform Settings { ... };
// The block's 4-byte words for `s` (each member's int or float bits), a multiple of 4 words.
std::vector<std::uint32_t> settings_block_words(const DemoState& s);

}  // namespace hp

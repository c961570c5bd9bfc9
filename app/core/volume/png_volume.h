// A PNG slice atlas read as a volume like any other (volume_file.h): the tiles of its layout
// become the slices of an N×N×Z volume in data units 0..1, so the app holds one kind of loaded
// volume whatever it was read from.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "atlas_layout.h"
#include "volume_file.h"

namespace hp {

// Decodes the atlas (load_png_atlas: its checks and messages) into *out, and its layout, the
// atlas the PNG had (a PNG's slices stay where the file put them), into *layout. The volume's
// `file` is "png", its range 0..1 whatever values it holds, its note says what the PNG was.
bool load_png_volume(const std::uint8_t* data, std::size_t size, int tile, int max_texture_size, Volume* out,
                     AtlasLayout* layout, std::string* error);

}  // namespace hp

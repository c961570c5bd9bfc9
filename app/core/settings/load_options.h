// The options a load takes (hp.loadVolume's, and the URL's beside load=): the one table that
// names them, beside the settings table. The page sends them as one JSON object ({"name":
// "head.nii", "dims": [64, 64, 32]}); the URL's are "key=value" lines, which its settings leave to
// the load (without_load_options).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "volume_file.h"

namespace hp {

// A load's options: the reader's (volume_file.h), a PNG atlas's tile, and a sample's presets.
struct LoadOptions : VolumeOptions {
    int tile = 0;        // a PNG atlas's N (0: the overlay's)
    bool png = false;    // read as a PNG atlas whatever the bytes say (hp.loadAtlas)
    std::vector<IsoPreset> presets;  // a sample's, as the page knows them (JSON only; at most 8)
};

// The keys, in the table's order (png and presets aside: the page's own), and joined for
// messages ("name, dims, type, ...").
std::vector<std::string> load_option_keys();
std::string load_option_names();
bool is_load_option(const std::string& key);
// "key=value" lines without those of the load options (the URL's settings: its load options
// go to the load).
std::string without_load_options(const std::string& text);
// One JSON object into *o, by the table: a member's value a string, number or boolean (read as
// the URL's text would be), dims and spacing also an array of 3 numbers, presets an array of
// {"name", "iso"} objects; "" gives none. False with a sentence naming the member (an unknown
// key, a bad value).
bool parse_load_options_json(std::string_view json, LoadOptions* o, std::string* error);

}  // namespace hp

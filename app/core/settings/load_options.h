// The options a load takes (hp.loadVolume's, and the URL's beside load=): the one table that
// names them, beside the settings table. The page sends them as "key=value" lines; the URL's
// settings leave them to the load (skips_load_options).
#pragma once

#include <string>
#include <vector>

#include "volume_file.h"

namespace hp {

// A load's options: the reader's (volume_file.h), a PNG atlas's tile, and a sample's presets.
struct LoadOptions : VolumeOptions {
    int tile = 0;        // a PNG atlas's N (0: the overlay's)
    bool png = false;    // read as a PNG atlas whatever the bytes say (hp.loadAtlas)
    std::string presets; // "name<TAB>iso" lines (Sources::load_file)
};

// The keys, in the table's order ("name, dims, type, ...", for messages; png and presets aside).
std::string load_option_names();
bool is_load_option(const std::string& key);
// "key=value" lines without those of the load options (the URL's settings: its load options
// go to the load).
std::string without_load_options(const std::string& text);
// "key=value" lines into *o; false with a sentence naming the key (an unknown one, a bad value).
bool parse_load_options(const std::string& text, LoadOptions* o, std::string* error);

}  // namespace hp

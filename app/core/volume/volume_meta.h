// A decoded volume's description without its values, as one JSON object: how the page's volume
// reader (a Worker running these readers in a wasm program of its own, app/reader/) tells the app
// what it decoded, the values following apart straight into the app's volume. {"dims",
// "spacing", "toWorld", "file", "type", "space", "replaced", "notes": [texts], "labelsFrom",
// "labels": [{"value", "name", "rgb": [r, g, b] where it has a colour}]} (a .seg.nrrd's table).
// Numbers are written to round-trip exactly. The range (lo, hi) is not written: it is the
// values'.
#pragma once

#include <string>

#include "volume_file.h"

namespace hp {

std::string volume_meta_text(const Volume& v);

// The description into *out (its values untouched); false with a sentence naming the member
// that is not what volume_meta_text writes.
bool read_volume_meta(const std::string& text, Volume* out, std::string* error);

}  // namespace hp

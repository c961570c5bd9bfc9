// A decoded volume's description without its values, as text: how the page's volume reader
// (a Worker running these readers in a wasm program of its own, app/reader/) tells the app what
// it decoded, the values following apart straight into the app's volume. "key=value" lines:
// dims, spacing, to_world, file, type, space, replaced, one `note` a note, `labels_from` and one
// `label` ("value<TAB>r,g,b or -<TAB>name") a label of a .seg.nrrd's table. Numbers are written
// to round-trip exactly; a line break in a note or a name becomes a space. The range (lo, hi)
// is not written: it is the values'.
#pragma once

#include <string>

#include "volume_file.h"

namespace hp {

std::string volume_meta_text(const Volume& v);

// The description into *out (its values untouched); false with a sentence naming the line
// where the text is not what volume_meta_text writes.
bool read_volume_meta(const std::string& text, Volume* out, std::string* error);

}  // namespace hp

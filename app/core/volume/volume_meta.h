// A decoded volume's description without its values, as one JSON object: how the page's volume
// reader (a Worker running these readers in a wasm program of its own, app/reader/) tells the app
// what it decoded, the values following apart straight into the app's volume. {"dims",
// "spacing", "toWorld", "file", "type", "space", "replaced", "stored": {"type" (uint8, int8,
// uint16, int16 or float32), "slope", "intercept"} (how the values follow, voxel_values.h),
// "notes": [texts], "labelsFrom",
// "labels": [{"value", "name", "rgb": [r, g, b] where it has a colour}]} (a .seg.nrrd's table).
// Numbers are written to round-trip exactly. The range (lo, hi) is not written: it is the
// values'.
#pragma once

#include <string>

#include "volume_file.h"

namespace hp {

std::string volume_meta_text(const Volume& v);

// How the values that follow are stored: "stored": {"type", "slope", "intercept"}.
struct StoredSpec {
    Stored type = Stored::F32;
    Scaling scaling;
};

// {"type", "slope", "intercept"} into *out: false unless the type is one of voxel_values.h's
// and the slope positive (the DICOM volume's description takes it too).
struct JsonValue;
bool read_stored_spec(const JsonValue& v, StoredSpec* out);

// The description into *out (its values untouched) and the storage into *stored (where
// given); false with a sentence naming the member that is not what volume_meta_text writes.
bool read_volume_meta(const std::string& text, Volume* out, std::string* error, StoredSpec* stored = nullptr);

}  // namespace hp

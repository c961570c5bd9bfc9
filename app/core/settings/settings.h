// The demo's settings as one table: a row names a field of DemoState and says its type, its
// default, its range or choices, its help and whether the overlay shows it. DemoState's
// constructor (every field its row's default), the URL parser and hp.set (apply_setting), the
// error messages with the known names, hp.stats() (settings_json) and the overlay's controls all
// read this table. A new setting is a field in demo_state.h, a row in settings.cpp and its use
// (docs/adding.md).
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "atlas_layout.h"
#include "demo_state.h"

namespace hp {

class JsonWriter;

// What rows read beyond the state: names and limits only the app knows.
struct SettingsContext {
    std::vector<const char*> views;  // the view registry's names, by entry (the `view` row's choices)
    AtlasLayout layout;              // the layout the last frame ran with (the effective atlas and volume)
    // The layout a state would run with (a loaded PNG's for source=png): what limits depend on.
    std::function<AtlasLayout(const DemoState&)> layout_of = procedural_layout;
    // The values a state's source holds, lowest and highest: the range of iso (0..1 for the
    // procedural sources and a PNG atlas, a file's own in its data units).
    std::function<std::array<float, 2>(const DemoState&)> range_of = [](const DemoState&) {
        return std::array<float, 2>{0, 1};
    };
    bool file = false;  // a volume file is loaded (source=file can be chosen)
    // Why a state's volume is no label map (classify=labels), "" where it is one.
    std::function<std::string(const DemoState&)> labels_refused = [](const DemoState&) {
        return std::string("classify=labels needs a label map: load a segmentation (whole-number labels) first");
    };
};

enum class SettingKind { Choice, Number, Flag };

struct Setting {
    const char* key;    // the URL's and hp.set's name, and hp.stats()'s key
    SettingKind kind;
    const char* label;  // the overlay's row title; nullptr: the overlay does not show it
    const char* help;   // the overlay's tooltip (and the API docs)
    // Choice: the names in the enum's order (empty: the context's views).
    std::vector<const char*> names;
    // Number: the range, whole numbers only, and where not empty the only values allowed.
    double lo = 0, hi = 0;
    bool whole = false;
    std::vector<double> values;
    // The field's default, what DemoState() holds (the page's first frame), as a number like
    // get()'s: a choice's index, 0/1 for a flag. The one place a default is written.
    double default_value = 0;
    // The field, as a number: a choice's index, 0/1 for a flag.
    double (*get)(const DemoState&) = nullptr;
    void (*set)(DemoState*, double) = nullptr;
    // Optional: what a change implies for other fields (a volume asks for its own atlas).
    void (*then)(DemoState*) = nullptr;
    // Optional: what hp.stats() reports instead of the stored value (an atlas of 0 means
    // "the smallest that holds the volume": the frame's layout says which); NaN: null.
    double (*effective)(const DemoState&, const SettingsContext&) = nullptr;
    // Optional: a limit that depends on the rest of the state (`expected`: the atlas's texels),
    // checked once every setting of a request is in, so that their order does not matter. A
    // value past it is refused with the message returned when the request named the row
    // (`given`), and brought within it otherwise (a smaller atlas lowers `expected`).
    std::string (*limit)(DemoState* s, const SettingsContext& context, bool given) = nullptr;
    // Optional, for the overlay: the row is greyed out, or left out, unless this holds.
    bool (*enabled)(const DemoState&) = nullptr;
    bool (*shown)(const DemoState&) = nullptr;
    // The WebGL2 shaders read it: a member of the Settings uniform block (settings_block.h),
    // u<Key> ("color" → uColor), an int or, for a number that is not whole, a float.
    bool shader = false;
    // Only the mesh steps read it (on the CPU, mesh_process.h): a change runs no GPU pass again
    // (same_gpu_work leaves it out).
    bool mesh_step = false;
};

// Every setting, in the overlay's order.
const std::vector<Setting>& settings();
const Setting* find_setting(const std::string& key);  // null when there is none by that name
// A choice row's names (the context's views for `view`).
std::vector<const char*> choices(const Setting& row, const SettingsContext& context);

// Sets one field by its name from text, as in a URL query (`pyramid=vec4`, `iso=0.4`).
// Unknown names and bad values return false with a message naming them (and, for a name, the
// known ones); *s is unchanged then.
bool apply_setting(DemoState* s, const std::string& key, const std::string& value, const SettingsContext& context,
                   std::string* error);
// Applies every row's limit to a state that `given` (the names a request set) led to; false
// with the first refusal's message.
bool apply_limits(DemoState* s, const SettingsContext& context, const std::vector<std::string>& given,
                  std::string* error);
// Sets a row's field from a number (a choice's index, 0/1), with what the change implies: what
// the overlay's controls call.
void set_value(const Setting& row, DemoState* s, double v);
// The row's value as text, as the URL would give it ("vec4", "0.5", "true"); effective values
// where the row has them.
std::string setting_text(const Setting& row, const DemoState& s, const SettingsContext& context);
// Every setting as members of the object `w` has open, `"pyramid":"scalar","iso":0.5,...`
// (hp.stats()); effective values where the row has them, null where there is none.
void settings_json(JsonWriter* w, const DemoState& s, const SettingsContext& context);
// Whether two states agree on every setting (bit for bit for numbers).
bool same_settings(const DemoState& a, const DemoState& b);
// ... on every setting the GPU's passes read (the mesh steps' rows left out).
bool same_gpu_work(const DemoState& a, const DemoState& b);

}  // namespace hp

#include "settings_json.h"

#include "json_reader.h"

namespace hp {
namespace {

bool has_control(const std::string& s) {
    for (char c : s)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return true;
    return false;
}

// The name as a message may show it: control characters as '?', at most 40 bytes.
std::string shown(std::string s) {
    for (char& c : s)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    return s.substr(0, 40);
}

}  // namespace

bool settings_lines_from_json(std::string_view json, std::string* lines, std::string* error) {
    JsonValue v;
    if (!read_json(json, &v, error)) return false;
    if (v.kind != JsonValue::Kind::Object) {
        *error = "the settings must be an object of names and values";
        return false;
    }
    std::string out;
    for (const auto& [name, value] : v.members) {
        std::string text;
        if (!json_scalar_text(value, &text)) {
            *error = shown(name) + ": a value must be a string, number or boolean";
            return false;
        }
        if (has_control(name) || has_control(text)) {
            *error = shown(name) + ": a setting with a control character is not accepted";
            return false;
        }
        out += name + "=" + text + "\n";
    }
    *lines = std::move(out);
    return true;
}

}  // namespace hp

// Fuzzes the JSON reader (app/core/json_reader.h) and what reads the page's JSON through it:
// hp.set's settings (settings_lines_from_json), a load's options (parse_load_options_json) and a
// decoded volume's description (read_volume_meta). Invariants: a refusal has a message that
// names a byte inside the input (or its end) and has no control character; an accepted text's
// settings lines, where it gives some, hold no control character but their line ends, one a
// member; a load's options hold at most 8 presets; a description read back writes itself again.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "check.h"

#include "json_reader.h"
#include "load_options.h"
#include "volume_meta.h"
#include "settings_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    hp::JsonValue v;
    std::string error;
    if (!hp::read_json(text, &v, &error)) {
        check(error.rfind("JSON at byte ", 0) == 0, "a refusal names its byte");
        check(std::strtoull(error.c_str() + 13, nullptr, 10) <= size, "the byte named is inside the text");
        for (char c : error) check(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f, "no control character in a message");
        return 0;
    }
    hp::LoadOptions o;
    if (hp::parse_load_options_json(text, &o, &error)) check(o.presets.size() <= 8, "at most 8 presets");
    hp::Volume meta;
    if (hp::read_volume_meta(text, &meta, &error)) {
        hp::Volume again;
        check(hp::read_volume_meta(hp::volume_meta_text(meta), &again, &error), "a description read back reads again");
        check(hp::volume_meta_text(again) == hp::volume_meta_text(meta), "and writes the same text");
    }
    std::string lines;
    if (!hp::settings_lines_from_json(text, &lines, &error)) return 0;
    std::size_t ends = 0;
    for (char c : lines) {
        if (c == '\n') ++ends;
        else check(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f, "no control character in a setting");
    }
    check(v.kind == hp::JsonValue::Kind::Object && ends == v.members.size(), "one line a member");
    return 0;
}

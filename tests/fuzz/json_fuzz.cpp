// Fuzzes the JSON reader (app/core/json_reader.h: hp.set's settings, read by
// settings_lines_from_json). Invariants: a refusal has a message that names a byte inside the
// input (or its end) and has no control character; an accepted text's settings lines, where it
// gives some, hold no control character but their line ends, one a member.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "check.h"

#include "json_reader.h"
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

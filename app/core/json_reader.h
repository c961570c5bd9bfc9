// JSON text read into a tree, for what the page hands the app (hp.set's settings, as one
// object): the reader beside json_writer.h's writer. Strict RFC 8259: objects, arrays, strings
// (escapes, \u with surrogate pairs, into UTF-8), numbers (the double and the text as written,
// so that a setting gets the digits the page gave), true, false, null; whitespace around. A
// number's text is kept whole; control characters inside strings are refused, as JSON refuses
// them. Bounded for hostile input: at most 64 levels deep and 1 MiB of text; anything else is an
// error naming the byte where it is.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hp {

struct JsonValue {
    enum class Kind { Null, Bool, Number, String, Array, Object };
    Kind kind = Kind::Null;
    bool boolean = false;
    double number = 0;
    std::string text;  // String: its value (UTF-8); Number: its text as written
    std::vector<JsonValue> items;                             // Array
    std::vector<std::pair<std::string, JsonValue>> members;  // Object, in the text's order
};

constexpr std::size_t kJsonMaxDepth = 64;
constexpr std::size_t kJsonMaxBytes = 1 << 20;

// Reads `text` (one value, nothing after it but whitespace); false with a message naming the
// byte offset of the problem.
bool read_json(std::string_view text, JsonValue* out, std::string* error);

// A scalar member as text: a string's value, a number's text, "true" or "false" (what the page's
// String(value) gives); false for null, arrays and objects.
bool json_scalar_text(const JsonValue& v, std::string* out);

// An object's member by name (the first of that name); null when `object` is not an object or
// has none.
const JsonValue* json_member(const JsonValue& object, std::string_view name);

}  // namespace hp

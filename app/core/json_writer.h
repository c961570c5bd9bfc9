// JSON text written front to back, for everything the page's API answers in JSON (hp.stats(),
// hp.loadVolume, hp.explain, the WebGPU buffers). The caller opens and closes objects and
// arrays; the writer puts the commas and colons and escapes the strings.
//
//     JsonWriter w;
//     w.begin_object();
//     w.key("dims").begin_array().number(64).number(64).number(32).end_array();
//     w.key("file").string("head.nii");
//     w.end_object();
//     w.text();  // {"dims":[64,64,32],"file":"head.nii"}
//
// Numbers are %.17g unless the caller asks for fewer digits (%.9g gives every float back
// exactly) or fixed decimals; a number that is not finite (NaN, ±Inf) is written null, as JSON
// has no such numbers.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace hp {

class JsonWriter {
public:
    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    JsonWriter& key(const std::string& name);         // a member's name; its value comes next
    JsonWriter& number(double v, int digits = 17);    // %.<digits>g
    JsonWriter& fixed(double v, int decimals);        // %.<decimals>f
    JsonWriter& integer(std::int64_t v);
    JsonWriter& string(const std::string& s);
    JsonWriter& boolean(bool v);
    JsonWriter& null();
    JsonWriter& raw(const std::string& json);         // a value written already, as it is

    const std::string& text() const { return out_; }

private:
    void next();  // the comma before a value or a member that follows another

    std::string out_;
    bool after_value_ = false;
};

// `s` as a JSON string: quotes and backslashes escaped, control characters as \u00XX, the
// rest (UTF-8 included) as it is.
std::string json_string(const std::string& s);

// An array of numbers at %.9g: floats (and the ints and doubles beside them) as they are.
template <typename T, std::size_t N>
void numbers(JsonWriter* w, const std::array<T, N>& v) {
    w->begin_array();
    for (T x : v) w->number(double(x), 9);
    w->end_array();
}

}  // namespace hp

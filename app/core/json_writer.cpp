#include "json_writer.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>

namespace hp {

void JsonWriter::next() {
    if (after_value_) out_ += ',';
    after_value_ = true;
}

JsonWriter& JsonWriter::begin_object() {
    next();
    out_ += '{';
    after_value_ = false;
    return *this;
}

JsonWriter& JsonWriter::end_object() {
    out_ += '}';
    after_value_ = true;
    return *this;
}

JsonWriter& JsonWriter::begin_array() {
    next();
    out_ += '[';
    after_value_ = false;
    return *this;
}

JsonWriter& JsonWriter::end_array() {
    out_ += ']';
    after_value_ = true;
    return *this;
}

JsonWriter& JsonWriter::key(const std::string& name) {
    next();
    out_ += json_string(name);
    out_ += ':';
    after_value_ = false;
    return *this;
}

JsonWriter& JsonWriter::number(double v, int digits) {
    if (!std::isfinite(v)) return null();
    next();
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    out_ += buf;
    return *this;
}

JsonWriter& JsonWriter::fixed(double v, int decimals) {
    if (!std::isfinite(v)) return null();
    next();
    char buf[352];  // %f of the largest double: 309 digits before the point
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    out_ += buf;
    return *this;
}

JsonWriter& JsonWriter::integer(std::int64_t v) {
    next();
    char buf[24];
    std::snprintf(buf, sizeof buf, "%" PRId64, v);
    out_ += buf;
    return *this;
}

JsonWriter& JsonWriter::string(const std::string& s) {
    next();
    out_ += json_string(s);
    return *this;
}

JsonWriter& JsonWriter::boolean(bool v) {
    next();
    out_ += v ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null() {
    next();
    out_ += "null";
    return *this;
}

JsonWriter& JsonWriter::raw(const std::string& json) {
    next();
    out_ += json;
    return *this;
}

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(c));
            out += buf;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

}  // namespace hp

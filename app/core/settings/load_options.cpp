#include "load_options.h"

#include <cmath>
#include <cstdlib>

#include "json_reader.h"

namespace hp {
namespace {

// `want` numbers separated by commas (or x, ×: "64x64x32"), finite.
bool numbers_of(const std::string& key, const std::string& given, int want, double* out, std::string* error) {
    std::string value;
    for (std::size_t i = 0; i < given.size(); ++i) {
        if (given.compare(i, 2, "\xc3\x97") == 0) value += ',', ++i;  // ×
        else value += given[i] == 'x' || given[i] == 'X' ? ',' : given[i];
    }
    int got = 0;
    const char* p = value.c_str();
    for (char* e = nullptr; got < want; ++got, p = e + (*e == ',' ? 1 : 0)) {
        out[got] = std::strtod(p, &e);
        if (e == p || !std::isfinite(out[got])) break;
    }
    if (got == want) return true;
    *error = key + "=" + given.substr(0, 40) + ": " + std::to_string(want) + " numbers separated by commas expected";
    return false;
}

struct Row {
    const char* key;
    bool (*parse)(const std::string& value, LoadOptions* o, std::string* error);
};

const std::vector<Row>& rows() {
    static const std::vector<Row> table = {
        {"name", [](const std::string& v, LoadOptions* o, std::string*) { return o->name = v, true; }},
        {"dims",
         [](const std::string& v, LoadOptions* o, std::string* error) {
             double d[3];
             if (!numbers_of("dims", v, 3, d, error)) return false;
             for (int i = 0; i < 3; ++i) {
                 if (d[i] != std::floor(d[i]) || d[i] < 1 || d[i] > 65535)
                     return *error = "dims are whole numbers from 1 to 65535", false;
                 o->dims[std::size_t(i)] = int(d[i]);
             }
             return true;
         }},
        {"type", [](const std::string& v, LoadOptions* o, std::string*) { return o->type = v, true; }},
        {"spacing",
         [](const std::string& v, LoadOptions* o, std::string* error) {
             double d[3];
             if (!numbers_of("spacing", v, 3, d, error)) return false;
             for (int i = 0; i < 3; ++i) {
                 if (!(d[i] > 0)) return *error = "spacing must be positive", false;
                 o->spacing[std::size_t(i)] = d[i];
             }
             return true;
         }},
        {"endian",
         [](const std::string& v, LoadOptions* o, std::string* error) {
             if (v != "big" && v != "little") return *error = "endian is big or little", false;
             return o->big_endian = v == "big", true;
         }},
        {"downsample",
         [](const std::string& v, LoadOptions* o, std::string* error) {
             if (v != "1" && v != "2") return *error = "downsample is 1 or 2", false;
             return o->downsample = v == "2" ? 2 : 1, true;
         }},
        {"tile",
         [](const std::string& v, LoadOptions* o, std::string* error) {
             char* end = nullptr;
             const double tile = std::strtod(v.c_str(), &end);  // as the page's Number() reads it: "64.0" too
             if (end == v.c_str() || *end || tile != std::floor(tile) || tile < 1 || tile > 4096)
                 return *error = "tile=" + v.substr(0, 20) + " is not a whole number from 1 to 4096", false;
             return o->tile = int(tile), true;
         }},
        {"png", [](const std::string& v, LoadOptions* o, std::string*) { return o->png = v == "true" || v == "1", true; }},
        // A sample's presets come only as JSON (parse_load_options_json): a list is no line.
        {"presets",
         [](const std::string&, LoadOptions*, std::string* error) {
             return *error = "presets: a list of {name, iso}, given as JSON", false;
         }},
    };
    return table;
}

// One option by its row; an unknown key is refused, naming the known ones.
bool parse_option(const std::string& key, const std::string& value, LoadOptions* o, std::string* error) {
    for (const Row& r : rows())
        if (key == r.key) return r.parse(value, o, error);
    return *error = "unknown option '" + key.substr(0, 40) + "' (known: " + load_option_names() + ")", false;
}

}  // namespace

std::vector<std::string> load_option_keys() {
    std::vector<std::string> out;
    for (const Row& r : rows())
        if (std::string(r.key) != "png" && std::string(r.key) != "presets") out.emplace_back(r.key);
    return out;
}

std::string load_option_names() {
    std::string out;
    for (const std::string& key : load_option_keys()) out += (out.empty() ? "" : ", ") + key;
    return out;
}

bool is_load_option(const std::string& key) {
    for (const Row& r : rows())
        if (key == r.key) return true;
    return false;
}

std::string without_load_options(const std::string& text) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(start, end - start);
        if (!is_load_option(line.substr(0, line.find('=')))) out += (out.empty() ? "" : "\n") + line;
        start = end + 1;
    }
    return out;
}

bool parse_load_options_json(std::string_view json, LoadOptions* o, std::string* error) {
    if (json.find_first_not_of(" \t\r\n") == std::string_view::npos) return true;  // none given
    JsonValue v;
    if (!read_json(json, &v, error)) return false;
    if (v.kind != JsonValue::Kind::Object) return *error = "the load's options must be an object", false;
    for (const auto& [key, value] : v.members) {
        std::string text;
        if (key == "presets" && value.kind == JsonValue::Kind::Array) {
            o->presets.clear();
            for (const JsonValue& p : value.items) {
                const JsonValue* name = json_member(p, "name");
                const JsonValue* iso = json_member(p, "iso");
                if (!name || name->kind != JsonValue::Kind::String || !iso || iso->kind != JsonValue::Kind::Number ||
                    !std::isfinite(iso->number))
                    return *error = "presets: each is {name: text, iso: a number}", false;
                if (o->presets.size() < 8) o->presets.push_back({name->text.substr(0, 40), float(iso->number)});
            }
            continue;
        }
        if (value.kind == JsonValue::Kind::Array && (key == "dims" || key == "spacing")) {
            for (const JsonValue& n : value.items) {
                if (n.kind != JsonValue::Kind::Number) return *error = key + ": 3 numbers expected", false;
                text += (text.empty() ? "" : ",") + n.text;
            }
        } else if (!json_scalar_text(value, &text)) {
            return *error = key.substr(0, 40) + ": a value must be a string, number or boolean", false;
        }
        if (!parse_option(key, text, o, error)) return false;
    }
    return true;
}

}  // namespace hp

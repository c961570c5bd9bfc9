// A volume's description as "key=value" lines and back (volume_meta.h).
#include "volume_meta.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "volume_decode.h"

namespace hp {
namespace {

std::string number(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%.17g", x);
    return b;
}

template <std::size_t N>
std::string numbers_text(const std::array<double, N>& a) {
    std::string out;
    for (double x : a) out += (out.empty() ? "" : ",") + number(x);
    return out;
}

// One line's value: line breaks (and other control bytes) become spaces.
std::string one_line(const std::string& s) {
    std::string out = s;
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20) c = ' ';
    return out;
}

template <std::size_t N>
bool read_numbers(const std::string& text, std::array<double, N>* out) {
    std::vector<double> v;
    if (!volume::numbers(text, &v) || v.size() != N) return false;
    for (std::size_t i = 0; i < N; ++i) (*out)[i] = v[i];
    return true;
}

// "value<TAB>r,g,b<TAB>name" ("-" for no colour).
bool read_label(const std::string& text, LabelEntry* e) {
    const std::size_t a = text.find('\t'), b = a == std::string::npos ? a : text.find('\t', a + 1);
    if (b == std::string::npos) return false;
    char* end = nullptr;
    e->value = std::strtof(text.c_str(), &end);
    if (end != text.c_str() + a) return false;
    const std::string rgb = text.substr(a + 1, b - a - 1);
    e->has_color = rgb != "-";
    if (e->has_color) {
        std::array<double, 3> c{};
        if (!read_numbers(rgb, &c)) return false;
        for (std::size_t i = 0; i < 3; ++i) {
            if (c[i] < 0 || c[i] > 255) return false;
            e->rgb[i] = std::uint8_t(c[i]);
        }
    }
    e->name = text.substr(b + 1);
    return true;
}

}  // namespace

std::string volume_meta_text(const Volume& v) {
    std::string t;
    const auto line = [&](const char* key, const std::string& value) { t += std::string(key) + "=" + one_line(value) + "\n"; };
    line("dims", std::to_string(v.dims[0]) + "," + std::to_string(v.dims[1]) + "," + std::to_string(v.dims[2]));
    line("spacing", numbers_text(v.spacing));
    line("to_world", numbers_text(v.to_world));
    line("file", v.file);
    line("type", v.type);
    line("space", v.space);
    line("replaced", std::to_string(v.replaced));
    for (const std::string& n : v.notes) line("note", n);
    if (!v.labels.from.empty()) line("labels_from", v.labels.from);
    for (const LabelEntry& e : v.labels.entries) {
        char value[32];
        std::snprintf(value, sizeof value, "%.9g", double(e.value));
        const std::string rgb = e.has_color ? std::to_string(e.rgb[0]) + "," + std::to_string(e.rgb[1]) + "," +
                                                  std::to_string(e.rgb[2])
                                            : "-";
        t += "label=" + std::string(value) + "\t" + rgb + "\t" + one_line(e.name) + "\n";
    }
    return t;
}

bool read_volume_meta(const std::string& text, Volume* out, std::string* error) {
    Volume v;
    std::size_t start = 0;
    for (int n = 1; start < text.size(); ++n) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(start, end - start);
        start = end + 1;
        const std::size_t eq = line.find('=');
        const std::string key = line.substr(0, eq), value = eq == std::string::npos ? "" : line.substr(eq + 1);
        std::array<double, 3> dims{};
        LabelEntry label;
        bool ok = eq != std::string::npos;
        if (!ok) {
        } else if (key == "dims") {
            ok = read_numbers(value, &dims);
            for (std::size_t i = 0; ok && i < 3; ++i) {
                ok = dims[i] >= 0 && dims[i] <= 1e9 && dims[i] == double(int(dims[i]));
                v.dims[i] = int(dims[i]);
            }
        } else if (key == "spacing") {
            ok = read_numbers(value, &v.spacing);
        } else if (key == "to_world") {
            ok = read_numbers(value, &v.to_world);
        } else if (key == "file") {
            v.file = value;
        } else if (key == "type") {
            v.type = value;
        } else if (key == "space") {
            v.space = value;
        } else if (key == "replaced") {
            char* e = nullptr;
            v.replaced = std::strtoull(value.c_str(), &e, 10);
            ok = !value.empty() && *e == 0;
        } else if (key == "note") {
            v.notes.push_back(value);
        } else if (key == "labels_from") {
            v.labels.from = value;
        } else if (key == "label") {
            ok = read_label(value, &label);
            v.labels.entries.push_back(label);
        } else {
            ok = false;
        }
        if (!ok) return *error = "the volume's description, line " + std::to_string(n) + ": '" + line.substr(0, 60) + "'", false;
    }
    v.values = std::move(out->values);
    *out = std::move(v);
    return true;
}

}  // namespace hp

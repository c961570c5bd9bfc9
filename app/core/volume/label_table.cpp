// The label tables (label_table.h): which format the bytes are, one parser a line for the text
// formats (the first line that is not blank or a comment decides which), the binary .lut, the
// merge of names and colours, and the palette for labels no table colours.
#include "label_table.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <unordered_map>

namespace hp {
namespace {

// 65536 labels of 256-byte names and a few numbers each fit in far less; more is not a table.
constexpr std::size_t kMaxTableBytes = std::size_t(32) << 20;

enum class TableFormat { Names, ItkSnap, TextLut };

const char* format_name(TableFormat f) {
    return f == TableFormat::ItkSnap ? "ITK-SNAP" : f == TableFormat::TextLut ? "MRIcron .lut" : "MRIcron .nii.txt";
}

bool blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n'; }

std::string trimmed(const std::string& s) {
    std::size_t a = 0, b = s.size();
    while (a < b && blank(s[a])) ++a;
    while (b > a && blank(s[b - 1])) --b;
    return s.substr(a, b - a);
}

// A line's whitespace-separated tokens, each with where it starts (a name runs to the line's end).
struct Token {
    std::size_t at;
    std::string text;
};
std::vector<Token> tokens(const std::string& line) {
    std::vector<Token> out;
    for (std::size_t i = 0; i < line.size();) {
        if (blank(line[i])) {
            ++i;
            continue;
        }
        const std::size_t at = i;
        while (i < line.size() && !blank(line[i])) ++i;
        out.push_back({at, line.substr(at, i - at)});
    }
    return out;
}

// A whole number written as one ("12", "-3"); its magnitude saturates, so that "1e30" digits
// still read as too large rather than wrap.
bool whole(const std::string& t, double* v) {
    const std::size_t sign = !t.empty() && (t[0] == '-' || t[0] == '+') ? 1 : 0;
    if (t.size() == sign) return false;
    double n = 0;
    for (std::size_t i = sign; i < t.size(); ++i) {
        if (t[i] < '0' || t[i] > '9') return false;
        n = std::min(n * 10 + (t[i] - '0'), 1e15);
    }
    *v = t[0] == '-' && n != 0 ? -n : n;  // never -0: a value is a key
    return true;
}

bool number(const std::string& t, double* v) {
    char* end = nullptr;
    *v = std::strtod(t.c_str(), &end);
    return !t.empty() && end == t.c_str() + t.size() && std::isfinite(*v);
}

// A token as a message quotes it: short, and safe to show.
std::string shown(const std::string& t) { return "'" + clean_label_name(t.substr(0, 24)) + "'"; }

bool label_value(const std::string& t, double* v, std::string* why) {
    if (!whole(t, v))
        return *why = shown(t) + " is not a label value (a whole number): this page reads MRIcron's 'index name' "
                      "lines, an MRIcron .lut or an ITK-SNAP label description", false;
    if (std::fabs(*v) >= kMaxLabelValue)
        return *why = "the label value " + shown(t) + " is too large (label values are below 16777216)", false;
    return true;
}

bool channel(const std::string& t, double top, double* v) { return whole(t, v) && *v >= 0 && *v <= top; }

// "1 Precentral_L 2001" (AAL: exactly three tokens, a code after the name) or "0\tUnclassified"
// or "7 Left hippocampus" or "12 Area 44" (more tokens: the rest of the line is the name).
bool names_line(const std::string& line, const std::vector<Token>& t, LabelEntry* e, std::string* why) {
    double v = 0, code = 0;
    if (!label_value(t[0].text, &v, why)) return false;
    if (t.size() < 2) return *why = "label " + t[0].text + " has no name after it", false;
    e->value = float(v);
    e->name = clean_label_name(t.size() == 3 && number(t[2].text, &code) ? t[1].text : line.substr(t[1].at));
    return true;
}

// `    1   255    0    0        1  1  1    "Label 1"`: IDX R G B A VIS MSH "LABEL".
bool itk_snap_line(const std::string& line, LabelEntry* e, std::string* why) {
    const std::size_t open = line.find('"'), close = line.rfind('"');
    const std::vector<Token> t = tokens(line.substr(0, std::min(open, line.size())));
    if (open == std::string::npos || close == open || t.size() != 7)
        return *why = "not 'IDX R G B A VIS MSH \"LABEL\"' (seven numbers, then the label in double quotes), "
                      "as an ITK-SNAP label description has", false;
    double v = 0, c[3] = {}, x = 0;
    if (!label_value(t[0].text, &v, why)) return false;
    for (int i = 0; i < 3; ++i)
        if (!channel(t[std::size_t(1 + i)].text, 255, &c[i]))
            return *why = "the colour " + shown(t[1].text + " " + t[2].text + " " + t[3].text) +
                          " is not three whole numbers from 0 to 255", false;
    for (std::size_t i = 4; i < 7; ++i)
        if (!number(t[i].text, &x))
            return *why = "the opacity or visibility " + shown(t[i].text) + " is not a number", false;
    e->value = float(v);
    e->rgb = {std::uint8_t(c[0]), std::uint8_t(c[1]), std::uint8_t(c[2])};
    e->has_color = true;
    e->name = clean_label_name(line.substr(open + 1, close - open - 1));
    return true;
}

// "S\t12\t255\t0\t0" (8-bit colours) or "L 12 65535 0 0" (16-bit), as MRIcron's text .lut files.
bool text_lut_line(const std::vector<Token>& t, LabelEntry* e, std::string* why) {
    const bool wide = t[0].text == "L" || t[0].text == "l";
    double v = 0, c[3] = {};
    if (t.size() != 5 || !channel(t[1].text, 255, &v))
        return *why = "not 'S index red green blue' with an index from 0 to 255, as MRIcron's text .lut has", false;
    for (int i = 0; i < 3; ++i)
        if (!channel(t[std::size_t(2 + i)].text, wide ? 65535 : 255, &c[i]))
            return *why = std::string("the colour is not three whole numbers from 0 to ") + (wide ? "65535" : "255"),
                   false;
    e->value = float(v);
    for (int i = 0; i < 3; ++i) e->rgb[std::size_t(i)] = std::uint8_t(wide ? c[i] / 256 : c[i]);
    e->has_color = true;
    return true;
}

// Text: no NUL and no control bytes but the line ends and tabs (UTF-8 passes).
bool is_text(const std::uint8_t* b, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i)
        if ((b[i] < 0x20 && !blank(char(b[i]))) || b[i] == 0x7f) return false;
    return true;
}

// MRIcron reads a .lut of 768, 800 or 970 bytes as binary, its last 768 bytes the colours. A
// text file of that size is binary only when named .lut and not starting like a text .lut.
bool binary_lut(const std::uint8_t* b, std::size_t size, const std::string& name) {
    if (size != 768 && size != 800 && size != 970) return false;
    if (!is_text(b, size)) return true;
    const bool named = name.size() >= 4 && name.compare(name.size() - 4, 4, ".lut") == 0;
    std::size_t i = 0;
    while (i < size && blank(char(b[i]))) ++i;
    return named && i < size && std::string("*SsLl").find(char(b[i])) == std::string::npos;
}

}  // namespace

bool parse_label_table(const std::uint8_t* bytes, std::size_t size, const std::string& name, LabelTable* out,
                       std::string* error) {
    const std::string where = name.empty() ? "the label table" : clean_label_name(name);
    auto fail = [&](std::size_t line, const std::string& what) {
        *error = where + (line ? ", line " + std::to_string(line) : std::string()) + ": " + what;
        return false;
    };
    if (!bytes || size == 0) return fail(0, "the file is empty");
    if (size > kMaxTableBytes)
        return fail(0, "the file is " + std::to_string(size) + " bytes, too large for a label table (at most 32 MiB)");
    LabelTable t;
    if (binary_lut(bytes, size, name)) {
        const std::uint8_t* c = bytes + (size - 768);  // 800 and 970 bytes: a header first
        for (int i = 0; i < 256; ++i)
            t.entries.push_back({float(i), "", {c[i], c[256 + i], c[512 + i]}, true});
        t.from = "MRIcron .lut";
        *out = std::move(t);
        return true;
    }
    if (!is_text(bytes, size))
        return fail(0, "binary bytes, not a label table: give MRIcron's .nii.txt or .lut, or an ITK-SNAP label "
                       "description");
    const std::string text(reinterpret_cast<const char*>(bytes), size);
    std::unordered_map<float, std::size_t> seen;  // value → its line
    TableFormat format = TableFormat::Names;
    std::size_t at = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;  // a UTF-8 byte order mark
    for (std::size_t line_no = 1; at < text.size(); ++line_no) {
        std::size_t end = text.find_first_of("\r\n", at);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(at, end - at);
        at = end + (text.compare(end, 2, "\r\n") == 0 ? 2 : 1);
        const std::vector<Token> tk = tokens(line);
        if (tk.empty() || tk[0].text[0] == '#' || tk[0].text[0] == '*') continue;
        if (t.from.empty()) {
            const bool lut = tk[0].text.size() == 1 && std::string("SsLl").find(tk[0].text[0]) != std::string::npos;
            format = line.find('"') != std::string::npos ? TableFormat::ItkSnap : lut ? TableFormat::TextLut : TableFormat::Names;
            t.from = format_name(format);
        }
        LabelEntry e;
        std::string why;
        const bool read = format == TableFormat::ItkSnap ? itk_snap_line(line, &e, &why)
                          : format == TableFormat::TextLut ? text_lut_line(tk, &e, &why)
                                                      : names_line(line, tk, &e, &why);
        if (!read) return fail(line_no, why);
        if (t.entries.size() == kMaxLabels)
            return fail(line_no, "more than 65536 labels: this page reads tables of at most 65536");
        const auto first = seen.emplace(e.value, line_no);
        if (!first.second)
            return fail(line_no, "label " + std::to_string(std::lround(e.value)) + " is given twice (also on line " +
                                     std::to_string(first.first->second) + ")");
        t.entries.push_back(std::move(e));
    }
    if (t.entries.empty()) return fail(0, "no labels in it, only blank or comment lines");
    *out = std::move(t);
    return true;
}

void merge_label_tables(LabelTable* names, const LabelTable& colors) {
    std::unordered_map<float, const LabelEntry*> by_value;
    for (const LabelEntry& c : colors.entries)
        if (c.has_color) by_value.emplace(c.value, &c);
    for (LabelEntry& e : names->entries) {
        if (e.has_color || e.name.empty()) continue;
        const auto it = by_value.find(e.value);
        if (it == by_value.end()) continue;
        e.rgb = it->second->rgb;
        e.has_color = true;
    }
}

std::array<std::uint8_t, 3> palette_color(int index) {
    // OKLCH → OKLab → linear sRGB (Björn Ottosson's matrices) → sRGB; the chroma is lowered until
    // the colour is in gamut, so no channel is clipped (which would shift the hue).
    const unsigned i = unsigned(index);
    const double pi = 3.14159265358979323846;
    const double hue = std::fmod(double(i) * 137.50776405003785, 360.0) * pi / 180.0;
    const double lightness = i % 3 == 0 ? 0.75 : i % 3 == 1 ? 0.64 : 0.85;
    double rgb[3] = {};
    for (double chroma = 0.16; chroma > 0.05; chroma -= 0.01) {
        const double a = chroma * std::cos(hue), b = chroma * std::sin(hue);
        const double l = std::pow(lightness + 0.3963377774 * a + 0.2158037573 * b, 3);
        const double m = std::pow(lightness - 0.1055613458 * a - 0.0638541728 * b, 3);
        const double s = std::pow(lightness - 0.0894841775 * a - 1.2914855480 * b, 3);
        rgb[0] = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s;
        rgb[1] = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s;
        rgb[2] = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s;
        if (std::all_of(rgb, rgb + 3, [](double c) { return c >= 0 && c <= 1; })) break;
    }
    std::array<std::uint8_t, 3> out{};
    for (int c = 0; c < 3; ++c) {
        const double x = std::clamp(rgb[c], 0.0, 1.0);
        const double srgb = x <= 0.0031308 ? 12.92 * x : 1.055 * std::pow(x, 1 / 2.4) - 0.055;
        out[std::size_t(c)] = std::uint8_t(std::lround(255 * srgb));
    }
    return out;
}

std::string clean_label_name(const std::string& raw) {
    const std::string s = trimmed(raw);
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const std::size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
                                : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        bool ok = len > 0 && i + len <= s.size();
        for (std::size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
        if (ok && len > 2) {  // no overlong forms, no surrogates, nothing past U+10FFFF
            const unsigned char d = static_cast<unsigned char>(s[i + 1]);
            ok = !(c == 0xE0 && d < 0xA0) && !(c == 0xED && d >= 0xA0) && !(c == 0xF0 && d < 0x90) &&
                 !(c == 0xF4 && d >= 0x90);
        }
        const std::size_t take = ok ? len : 1;
        if (out.size() + take > kMaxLabelName) break;
        if (!ok || (len == 1 && (c < 0x20 || c == 0x7f))) out += c == '\t' ? ' ' : '?';
        else out.append(s, i, len);
        i += take;
    }
    return trimmed(out);
}

}  // namespace hp

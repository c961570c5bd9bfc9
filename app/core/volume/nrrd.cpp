// NRRD with an attached header (NRRD0001-5): "field: value" lines up to an empty line, then the
// data, raw or gzip. Read: type, dimension (3), sizes, encoding, endian, spacings or space
// directions (spacing = each vector's length) and space origin, byte skip, line skip. A
// detached header and the txt, hex and bz2 encodings are refused, naming what to do.
// A 3D Slicer .seg.nrrd is a NRRD whose "key:=value" pairs name its segments: a single-layer one
// opens as a label map with its names and colours (Volume::labels); one of several layers (its
// segments overlap, a 4D file) is refused, as is any other 4D NRRD.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include "volume_decode.h"

namespace hp::volume {
namespace {

bool nrrd_type(const std::string& t, Type* out) {
    static const std::map<std::string, Type> kNames = {
        {"uchar", Type::U8},          {"unsigned char", Type::U8},   {"uint8", Type::U8},
        {"uint8_t", Type::U8},        {"signed char", Type::I8},     {"int8", Type::I8},
        {"int8_t", Type::I8},         {"short", Type::I16},          {"short int", Type::I16},
        {"signed short", Type::I16},  {"signed short int", Type::I16}, {"int16", Type::I16},
        {"int16_t", Type::I16},       {"ushort", Type::U16},         {"unsigned short", Type::U16},
        {"unsigned short int", Type::U16}, {"uint16", Type::U16},    {"uint16_t", Type::U16},
        {"int", Type::I32},           {"signed int", Type::I32},     {"int32", Type::I32},
        {"int32_t", Type::I32},       {"float", Type::F32},          {"double", Type::F64},
    };
    const auto it = kNames.find(t);
    if (it == kNames.end()) return false;
    *out = it->second;
    return true;
}

// A .seg.nrrd's segment, as its Segment<N>_<Field> pairs give it.
struct Segment {
    std::string name, id, label_value, color, layer;
};

// "Segment3_Name" → segment 3's name; false for keys that are not a segment's.
bool segment_pair(const std::string& key, const std::string& value, std::map<long, Segment>* segments) {
    std::size_t i = 7;
    long n = 0;
    if (key.compare(0, i, "Segment") != 0) return false;
    for (; i < key.size() && i < 13 && key[i] >= '0' && key[i] <= '9'; ++i) n = n * 10 + (key[i] - '0');
    if (i == 7 || i >= key.size() || key[i] != '_') return false;
    const std::string field = key.substr(i + 1);
    Segment& s = (*segments)[n];
    if (field == "Name") s.name = value;
    else if (field == "ID") s.id = value;
    else if (field == "LabelValue") s.label_value = value;
    else if (field == "Color") s.color = value;
    else if (field == "Layer") s.layer = value;
    return true;
}

// A field's items: words, or vectors "(1,0,0)" whole ("space directions: none (1,0,0) ...").
std::vector<std::string> items(const std::string& text) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] == ' ' || text[i] == '\t') {
            ++i;
            continue;
        }
        const std::size_t end = text[i] == '(' ? text.find(')', i) : text.find_first_of(" \t", i);
        const std::size_t next = end == std::string::npos ? text.size() : end + (text[i] == '(' ? 1 : 0);
        out.push_back(text.substr(i, next - i));
        i = next;
    }
    return out;
}

// A .seg.nrrd's layers: refused past one; a 4D file of one layer (older Slicer writes one segment
// a layer) loses its list axis, its data laid out as the 3D volume's. Then the segments' names
// and colours into h->labels, the value of a segment without LabelValue its index + 1.
bool read_segments(const std::map<long, Segment>& segments, std::map<std::string, std::string>* fields,
                   VolumeHeader* h, std::string* error) {
    std::set<std::string> layer_values;
    for (const auto& s : segments)
        if (!s.second.layer.empty()) layer_values.insert(s.second.layer);
    std::size_t layers = layer_values.size();
    std::vector<std::string> sizes = items((*fields)["sizes"]);
    const bool four = (*fields)["dimension"] == "4" && sizes.size() == 4;
    std::size_t axis = 0;  // Slicer's list axis comes first; `kinds` says where
    if (four) {
        const std::vector<std::string> kinds = items(lower((*fields)["kinds"]));
        for (std::size_t i = 0; i < kinds.size() && i < 4; ++i)
            if (kinds[i] == "list" || kinds[i] == "segments") axis = i;
        layers = std::max(layers, std::size_t(std::max(1L, std::strtol(sizes[axis].c_str(), nullptr, 10))));
    }
    if (layers > 1)
        return *error = "this .seg.nrrd has " + std::to_string(layers) +
                        " layers (overlapping segments): export it from 3D Slicer as a single-layer label map "
                        "(Segmentations → Export to files, merged) and open that",
               false;
    if (four && sizes[axis] == "1") {
        for (const char* name : {"sizes", "space directions", "spacings"}) {
            std::vector<std::string> v = items((*fields)[name]);
            if (v.size() != 4) continue;
            v.erase(v.begin() + long(axis));
            (*fields)[name] = v[0] + " " + v[1] + " " + v[2];
        }
        (*fields)["dimension"] = "3";
    }
    std::set<float> values;
    const auto unit = [](double c) { return c >= 0 && c <= 1; };
    for (const auto& [index, s] : segments) {
        std::vector<double> v;
        LabelEntry e;
        e.value = float(index + 1);  // Slicer's older files give no LabelValue
        if (!s.label_value.empty()) {
            if (!numbers(s.label_value, &v) || v.size() != 1 || v[0] != std::floor(v[0]) ||
                std::fabs(v[0]) >= kMaxLabelValue) {
                h->notes.push_back("Segment" + std::to_string(index) + "_LabelValue '" +
                                   clean_label_name(s.label_value.substr(0, 20)) +
                                   "' is not a whole number: that segment's name is not shown");
                continue;
            }
            e.value = float(v[0]) + 0.0f;  // + 0: never -0
        }
        if (!values.insert(e.value).second || h->labels.entries.size() == kMaxLabels) continue;
        e.name = clean_label_name(s.name.empty() ? s.id : s.name);
        if (numbers(s.color, &v) && v.size() == 3 && std::all_of(v.begin(), v.end(), unit)) {
            for (std::size_t c = 0; c < 3; ++c) e.rgb[c] = std::uint8_t(std::lround(255 * v[c]));
            e.has_color = true;
        }
        h->labels.entries.push_back(std::move(e));
    }
    if (!h->labels.entries.empty()) h->labels.from = "seg.nrrd";
    return true;
}

// The header's lines: its fields by name (lower case), a .seg.nrrd's key/value pairs, and where
// the lines ended.
struct Header {
    std::map<std::string, std::string> fields;
    std::map<long, Segment> segments;  // a .seg.nrrd's, by index
    bool segmentation = false;         // any Segment<N>_ or Segmentation_ key: a .seg.nrrd
    bool ended = false;                // the empty line before the data was met
    std::size_t data_at = 0;           // just past that line

    std::string field(const char* name) const {
        const auto it = fields.find(name);
        return it == fields.end() ? std::string() : it->second;
    }
};

bool read_lines(const std::uint8_t* data, std::size_t size, Header* out, std::string* error) {
    std::size_t at = 0;
    bool first = true;
    while (at < size && at < (1u << 20)) {  // a header past 1 MiB is not one
        std::size_t end = at;
        while (end < size && data[end] != '\n') ++end;
        const std::string line(reinterpret_cast<const char*>(data + at), end - at);
        at = end + 1;
        const std::string text = trim(line);
        if (first) {
            first = false;
            continue;  // NRRD000N
        }
        if (text.empty()) {
            out->ended = true;
            break;
        }
        if (text[0] == '#') continue;
        if (const std::size_t kv = text.find(":="); kv != std::string::npos) {  // key/value pairs
            const std::string key = trim(text.substr(0, kv));
            out->segmentation = segment_pair(key, trim(text.substr(kv + 2)), &out->segments) ||
                                key.compare(0, 13, "Segmentation_") == 0 || out->segmentation;
            continue;
        }
        const std::size_t colon = line.find(": ");
        if (colon == std::string::npos)
            return *error = "the NRRD header line '" + text.substr(0, 40) + "' is not 'field: value'", false;
        out->fields[lower(trim(line.substr(0, colon)))] = trim(line.substr(colon + 2));
    }
    out->data_at = at;
    return true;
}

// What a voxel is and how the data is stored: type, dimension, sizes, encoding, space, endian.
bool read_format(const Header& f, VolumeHeader* h, std::string* error) {
    const std::string type = lower(f.field("type"));
    if (!nrrd_type(type, &h->type))
        return *error = "NRRD type '" + type.substr(0, 30) +
                        "' is not one this page opens (uchar, signed char, short, ushort, int, float, double)",
               false;
    if (f.field("dimension") != "3")
        return *error = "a NRRD of dimension " + f.field("dimension").substr(0, 10) +
                        ": this page opens 3D volumes of one value a voxel",
               false;
    if (!read_dims(f.field("sizes"), "the NRRD's sizes", h, error)) return false;
    const std::string encoding = lower(f.field("encoding"));
    if (encoding == "raw") h->encoding = Encoding::Raw;
    else if (encoding == "gzip" || encoding == "gz") h->encoding = Encoding::Gzip;
    else
        return *error = "NRRD encoding '" + encoding.substr(0, 20) +
                        "' is not supported: save it with encoding raw or gzip (teem-unu save -f nrrd -e gzip)",
               false;
    const std::string space = lower(f.field("space"));
    h->space = space == "left-posterior-superior" || space == "lps" ? "LPS"
               : space == "right-anterior-superior" || space == "ras" ? "RAS" : "";
    const std::string endian = lower(f.field("endian"));
    if (!endian.empty() && endian != "little" && endian != "big")
        return *error = "NRRD endian '" + endian.substr(0, 20) + "' is neither little nor big", false;
    h->big_endian = endian == "big";
    return true;
}

// The voxels' place in the world: space directions (spacing = each vector's length) and space
// origin, or spacings alone.
bool read_geometry(const Header& f, VolumeHeader* h, std::string* error) {
    std::vector<double> v;
    if (!f.field("space directions").empty()) {
        const std::string dirs = f.field("space directions");
        if (!numbers(dirs, &v) || v.size() != 9)
            return *error = "the NRRD's space directions are not three vectors of three numbers", false;
        for (int c = 0; c < 3; ++c) {
            double len = 0;
            for (int r = 0; r < 3; ++r) {
                h->to_world[std::size_t(4 * r + c)] = v[std::size_t(3 * c + r)];
                len += v[std::size_t(3 * c + r)] * v[std::size_t(3 * c + r)];
            }
            h->spacing[std::size_t(c)] = std::sqrt(len);
        }
        if (numbers(f.field("space origin"), &v) && v.size() == 3)
            for (int r = 0; r < 3; ++r) h->to_world[std::size_t(4 * r + 3)] = v[std::size_t(r)];
    } else if (!f.field("spacings").empty()) {
        std::string s = lower(f.field("spacings"));
        for (std::size_t p; (p = s.find("nan")) != std::string::npos;) s.replace(p, 3, "x");  // NaN: not a number
        if (!numbers(s, &v) || v.size() != 3)
            return *error = "the NRRD's spacings are not three numbers: its voxel spacing must be positive numbers", false;
        for (int i = 0; i < 3; ++i) h->spacing[std::size_t(i)] = std::fabs(v[std::size_t(i)]);
    }
    return true;
}

// Where the data starts: past the header's lines, its line skip and its byte skip (-1: the data
// ends the file).
bool find_data(const Header& f, const std::uint8_t* data, std::size_t size, VolumeHeader* h, std::string* error) {
    std::size_t at = f.data_at;
    const int line_skip = std::atoi(f.field("line skip").c_str()) + std::atoi(f.field("lineskip").c_str());
    for (int i = 0; i < line_skip && at < size; ++i) {
        while (at < size && data[at] != '\n') ++at;
        ++at;
    }
    h->offset = std::min(at, size);
    const std::string skip = f.field("byte skip") + f.field("byteskip");
    if (skip == "-1") {
        if (h->encoding != Encoding::Raw) return *error = "NRRD byte skip -1 needs encoding raw", false;
        const std::uint64_t bytes = data_bytes(*h);
        if (bytes > size - h->offset)
            return *error = "the file holds " + std::to_string(size - h->offset) + " bytes of data, fewer than the " +
                            std::to_string(bytes) + " its header describes", false;
        h->offset = size - std::size_t(bytes);
    } else if (!skip.empty()) {
        const long n = std::atol(skip.c_str());
        if (n < 0 || std::size_t(n) > size - h->offset) return *error = "the NRRD's byte skip runs past the file", false;
        h->offset += std::size_t(n);
    }
    return true;
}

}  // namespace

bool read_nrrd_header(const std::uint8_t* data, std::size_t size, VolumeHeader* h, std::string* error) {
    h->file = "nrrd";
    Header f;
    if (!read_lines(data, size, &f, error)) return false;
    if (!f.field("data file").empty() || !f.field("datafile").empty())
        return *error = "a detached NRRD header (.nhdr) names another file (" +
                        (f.field("data file") + f.field("datafile")).substr(0, 60) +
                        "): save it as one .nrrd (teem-unu save -f nrrd -e gzip) and open that",
               false;
    if (!f.ended) return *error = "the NRRD header has no empty line before its data: the file is cut short", false;
    if (f.segmentation && !read_segments(f.segments, &f.fields, h, error)) return false;
    return read_format(f, h, error) && read_geometry(f, h, error) && find_data(f, data, size, h, error);
}

}  // namespace hp::volume

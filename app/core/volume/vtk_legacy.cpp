// Legacy VTK (# vtk DataFile Version 2.0 to 5.1): a title line, ASCII or BINARY (big-endian,
// as the format specifies), DATASET STRUCTURED_POINTS with DIMENSIONS, SPACING (or
// ASPECT_RATIO) and ORIGIN, then POINT_DATA n and one SCALARS array of one component
// (LOOKUP_TABLE default). What follows the data (5.1's METADATA) is not read.
#include <cmath>
#include <map>

#include "volume_decode.h"

namespace hp::volume {
namespace {

bool vtk_type(const std::string& t, Type* out) {
    static const std::map<std::string, Type> kNames = {
        {"unsigned_char", Type::U8}, {"char", Type::I8},     {"short", Type::I16},   {"unsigned_short", Type::U16},
        {"int", Type::I32},          {"float", Type::F32},   {"double", Type::F64},  {"vtktypeuint8", Type::U8},
        {"vtktypeint8", Type::I8},   {"vtktypeint16", Type::I16}, {"vtktypeuint16", Type::U16},
        {"vtktypeint32", Type::I32}, {"vtktypefloat32", Type::F32}, {"vtktypefloat64", Type::F64}};
    const auto it = kNames.find(lower(t));
    if (it == kNames.end()) return false;
    *out = it->second;
    return true;
}

}  // namespace

bool read_vtk_header(const std::uint8_t* data, std::size_t size, VolumeHeader* h, std::string* error) {
    h->file = "vtk";
    std::size_t at = 0;
    auto next_line = [&]() {
        std::size_t end = at;
        while (end < size && data[end] != '\n') ++end;
        const std::string line(reinterpret_cast<const char*>(data + at), end - at);
        at = std::min(size, end + 1);
        return trim(line);
    };
    const std::string version = next_line();
    std::vector<double> v;
    if (!numbers(version.substr(version.rfind(' ') + 1), &v) || v.size() != 1 || v[0] < 2.0 || v[0] > 5.1 + 1e-9)
        return *error = "'" + version.substr(0, 40) + "': this page opens legacy VTK files of versions 2.0 to 5.1", false;
    next_line();  // the title
    const std::string format = lower(next_line());
    if (format != "ascii" && format != "binary")
        return *error = "the VTK file says '" + format.substr(0, 20) + "' where ASCII or BINARY belongs", false;
    h->encoding = format == "ascii" ? Encoding::Ascii : Encoding::Raw;
    h->big_endian = true;
    bool scalars = false, dataset = false;
    std::array<double, 3> origin{};
    for (int lines = 0; !scalars && at < size && lines < 64; ++lines) {
        const std::string line = next_line();
        if (line.empty()) continue;
        const std::string word = lower(line.substr(0, line.find(' ')));
        const std::string rest = line.find(' ') == std::string::npos ? "" : trim(line.substr(line.find(' ') + 1));
        if (word == "dataset") {
            if (lower(rest) != "structured_points")
                return *error = "a VTK " + rest.substr(0, 30) + " dataset: this page opens STRUCTURED_POINTS", false;
            dataset = true;
        } else if (word == "dimensions") {
            if (!read_dims(rest, "the VTK DIMENSIONS", h, error)) return false;
        } else if (word == "spacing" || word == "aspect_ratio") {
            if (!numbers(rest, &v) || v.size() != 3)
                return *error = "the VTK SPACING is not three numbers: its voxel spacing must be positive numbers", false;
            for (int i = 0; i < 3; ++i) h->spacing[std::size_t(i)] = v[std::size_t(i)];
        } else if (word == "origin") {
            if (!numbers(rest, &v) || v.size() != 3) return *error = "the VTK ORIGIN is not three numbers", false;
            for (int i = 0; i < 3; ++i) origin[std::size_t(i)] = v[std::size_t(i)];
        } else if (word == "scalars") {
            std::string name, type;
            std::vector<std::string> parts;
            for (std::size_t p = 0, q; p < rest.size(); p = q + 1) {
                q = rest.find(' ', p);
                if (q == std::string::npos) q = rest.size();
                if (q > p) parts.push_back(rest.substr(p, q - p));
            }
            if (parts.size() < 2 || !vtk_type(parts[1], &h->type))
                return *error = "VTK SCALARS of type '" + (parts.size() > 1 ? parts[1] : std::string()).substr(0, 20) +
                                "' are not one this page opens (unsigned_char, char, short, unsigned_short, int, float, double)",
                       false;
            if (parts.size() > 2 && parts[2] != "1")
                return *error = "VTK SCALARS of " + parts[2].substr(0, 10) + " components: this page opens one value a voxel", false;
            scalars = true;
        } else if (word == "vectors" || word == "tensors" || word == "normals" || word == "color_scalars") {
            return *error = "VTK " + word + " data: this page opens SCALARS", false;
        }
    }
    if (!dataset || !scalars) return *error = "the VTK file has no STRUCTURED_POINTS with SCALARS", false;
    const std::size_t table = at;
    if (lower(next_line()).rfind("lookup_table", 0) != 0) at = table;  // LOOKUP_TABLE is optional in practice
    h->offset = at;
    for (int i = 0; i < 3; ++i) {
        h->to_world[std::size_t(5 * i)] = h->spacing[std::size_t(i)];
        h->to_world[std::size_t(4 * i + 3)] = origin[std::size_t(i)];
    }
    return true;
}

}  // namespace hp::volume

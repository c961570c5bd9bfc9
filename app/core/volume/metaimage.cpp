// MetaImage (.mha: ITK's header of "Key = Value" lines with the data after it): NDims 3,
// DimSize, ElementType, ElementSpacing, ElementNumberOfChannels 1, CompressedData (zlib),
// BinaryDataByteOrderMSB / ElementByteOrderMSB, TransformMatrix (the axes' directions, one
// after the other), Offset, and ElementDataFile = LOCAL, the last line. A .mhd naming another
// file is refused, naming it.
#include <cmath>
#include <cstring>
#include <map>

#include "volume_decode.h"

namespace hp::volume {
namespace {

constexpr const char* kKeys[] = {"objecttype", "ndims", "dimsize", "elementtype", "binarydata", "comment",
                                 "objectsubtype", "headersize", "elementspacing", "compresseddata"};

std::string key_of(const std::string& line) {
    const std::size_t eq = line.find('=');
    return eq == std::string::npos ? std::string() : lower(trim(line.substr(0, eq)));
}

bool met_type(const std::string& t, Type* out) {
    static const std::map<std::string, Type> kNames = {
        {"MET_UCHAR", Type::U8},  {"MET_CHAR", Type::I8}, {"MET_SHORT", Type::I16}, {"MET_USHORT", Type::U16},
        {"MET_INT", Type::I32},   {"MET_FLOAT", Type::F32}, {"MET_DOUBLE", Type::F64}};
    const auto it = kNames.find(t);
    if (it == kNames.end()) return false;
    *out = it->second;
    return true;
}

bool is_true(const std::string& v) { return lower(v) == "true" || v == "1"; }

}  // namespace

bool looks_like_mha(const std::uint8_t* data, std::size_t size) {
    std::size_t end = 0;
    while (end < size && end < 256 && data[end] != '\n') ++end;
    const std::string key = key_of(std::string(reinterpret_cast<const char*>(data), end));
    for (const char* k : kKeys)
        if (key == k) return true;
    return false;
}

bool read_mha_header(const std::uint8_t* data, std::size_t size, VolumeHeader* h, std::string* error) {
    h->file = "mha";
    h->space = "LPS";  // ITK's physical space
    std::map<std::string, std::string> fields;
    std::size_t at = 0;
    bool local = false;
    while (at < size && at < (1u << 20)) {
        std::size_t end = at;
        while (end < size && data[end] != '\n') ++end;
        const std::string line(reinterpret_cast<const char*>(data + at), end - at);
        at = end + 1;
        const std::string key = key_of(line);
        if (key.empty()) continue;
        const std::string value = trim(line.substr(line.find('=') + 1));
        fields[key] = value;
        if (key == "elementdatafile") {
            if (lower(value) != "local")
                return *error = "a MetaImage header that names another file (" + value.substr(0, 60) +
                                "): save the image as one .mha and open that",
                       false;
            local = true;
            break;
        }
    }
    if (!local) return *error = "the MetaImage header has no 'ElementDataFile = LOCAL' line before its data", false;
    auto field = [&](const char* name) {
        const auto it = fields.find(name);
        return it == fields.end() ? std::string() : it->second;
    };
    if (field("ndims") != "3")
        return *error = "a MetaImage of " + field("ndims").substr(0, 10) + " dimension(s): this page opens 3D volumes", false;
    const std::string channels = field("elementnumberofchannels");
    if (!channels.empty() && channels != "1")
        return *error = "a MetaImage of " + channels.substr(0, 10) + " channels: this page opens one value a voxel", false;
    if (!read_dims(field("dimsize"), "the MetaImage's DimSize", h, error)) return false;
    std::vector<double> v;
    const std::string type = field("elementtype");
    if (!met_type(type, &h->type))
        return *error = "MetaImage ElementType '" + type.substr(0, 20) +
                        "' is not one this page opens (MET_UCHAR, MET_CHAR, MET_SHORT, MET_USHORT, MET_INT, "
                        "MET_FLOAT, MET_DOUBLE)",
               false;
    const std::string spacing = !field("elementspacing").empty() ? field("elementspacing") : field("elementsize");
    if (!spacing.empty()) {
        if (!numbers(spacing, &v) || v.size() != 3)
            return *error = "the MetaImage's ElementSpacing is not three numbers: its voxel spacing must be positive numbers",
                   false;
        for (int i = 0; i < 3; ++i) h->spacing[std::size_t(i)] = v[std::size_t(i)];
    }
    h->big_endian = is_true(field("binarydatabyteordermsb")) || is_true(field("elementbyteordermsb"));
    if (is_true(field("compresseddata"))) {
        h->encoding = Encoding::Zlib;
        // A size past the file's is the rest of it (a double past size_t would not convert).
        if (numbers(field("compresseddatasize"), &v) && v.size() == 1 && v[0] > 0)
            h->length = v[0] < double(size) ? std::size_t(v[0]) : size;
    }
    std::vector<double> dirs{1, 0, 0, 0, 1, 0, 0, 0, 1}, origin{0, 0, 0};
    if (!field("transformmatrix").empty() && (!numbers(field("transformmatrix"), &dirs) || dirs.size() != 9))
        return *error = "the MetaImage's TransformMatrix is not nine numbers", false;
    const std::string offset = !field("offset").empty() ? field("offset") : !field("position").empty() ? field("position") : field("origin");
    if (!offset.empty() && (!numbers(offset, &origin) || origin.size() != 3))
        return *error = "the MetaImage's Offset is not three numbers", false;
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r)
            h->to_world[std::size_t(4 * r + c)] = dirs[std::size_t(3 * c + r)] * h->spacing[std::size_t(c)];
    for (int r = 0; r < 3; ++r) h->to_world[std::size_t(4 * r + 3)] = origin[std::size_t(r)];
    h->offset = std::min(at, size);
    return true;
}

}  // namespace hp::volume

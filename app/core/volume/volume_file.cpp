// The volume files' common part: which format the bytes are, the checks every header's claims
// pass before anything is allocated for them, the data to float32 in data units, NaN and ±Inf
// replaced, downsampling, the presets and the histogram. The formats: nifti.cpp, nrrd.cpp,
// metaimage.cpp, vtk_legacy.cpp, raw_volume.cpp.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "inflate.h"
#include "volume_decode.h"

namespace hp {
namespace volume {
namespace {

struct TypeInfo {
    Type type;
    const char* name;
    int size;
};
constexpr TypeInfo kTypes[] = {{Type::U8, "uint8", 1},  {Type::I8, "int8", 1},      {Type::I16, "int16", 2},
                               {Type::U16, "uint16", 2}, {Type::I32, "int32", 4},    {Type::F32, "float32", 4},
                               {Type::F64, "float64", 8}};

std::string sizes_text(const std::array<std::int64_t, 3>& d) {
    return std::to_string(d[0]) + "×" + std::to_string(d[1]) + "×" + std::to_string(d[2]);
}

// One stored value, as a double.
double stored(const std::uint8_t* p, Type t, bool big) {
    std::uint8_t b[8];
    const int n = type_size(t);
    for (int i = 0; i < n; ++i) b[i] = big ? p[n - 1 - i] : p[i];  // to little-endian (x86, wasm)
    switch (t) {
        case Type::U8: return b[0];
        case Type::I8: return std::int8_t(b[0]);
        case Type::I16: { std::int16_t v; std::memcpy(&v, b, 2); return v; }
        case Type::U16: { std::uint16_t v; std::memcpy(&v, b, 2); return v; }
        case Type::I32: { std::int32_t v; std::memcpy(&v, b, 4); return v; }
        case Type::F32: { float v; std::memcpy(&v, b, 4); return v; }
        case Type::F64: { double v; std::memcpy(&v, b, 8); return v; }
    }
    return 0;
}

// Parses ASCII numbers (VTK ASCII) into exactly `count` floats.
bool ascii_values(const std::uint8_t* p, std::size_t n, std::size_t count, std::vector<float>* out, std::string* error) {
    out->reserve(std::min<std::size_t>(count, n / 2 + 1));  // each number takes at least 2 bytes
    std::size_t i = 0;
    std::string token;
    while (out->size() < count) {
        while (i < n && std::isspace(p[i])) ++i;
        if (i == n) break;
        token.clear();
        while (i < n && !std::isspace(p[i]) && token.size() < 64) token += char(p[i++]);
        char* end = nullptr;
        const double v = std::strtod(token.c_str(), &end);
        if (end != token.c_str() + token.size())
            return *error = "'" + token.substr(0, 20) + "' among the values is not a number", false;
        out->push_back(float(v));
    }
    if (out->size() < count)
        return *error = "the file holds " + std::to_string(out->size()) + " values, fewer than the " +
                        std::to_string(count) + " its header describes", false;
    return true;
}

// The finite range of `count` values (value(i)) into v->lo, v->hi, and how many are not finite
// (NaN is to become the lowest finite value, ±Inf the lowest / highest) into v->replaced.
template <typename Value>
bool finite_range(std::uint64_t count, const Value& value, Volume* v, std::string* error) {
    float lo = std::numeric_limits<float>::infinity(), hi = -lo;
    for (std::uint64_t i = 0; i < count; ++i) {
        const float x = value(i);
        if (std::isfinite(x)) lo = std::min(lo, x), hi = std::max(hi, x);
        else ++v->replaced;
    }
    if (lo > hi) return *error = "no value in the volume is a finite number", false;
    if (v->replaced)
        v->notes.push_back(std::to_string(v->replaced) + " non-finite value(s) (NaN, ±Inf) replaced by the finite range's ends");
    v->lo = lo, v->hi = hi;
    return true;
}

// finite_range over v->values, then the non-finite ones replaced in place.
bool finite_values(Volume* v, std::string* error) {
    if (!finite_range(v->values.size(), [&](std::uint64_t i) { return v->values[i]; }, v, error)) return false;
    for (float& x : v->values)
        if (!std::isfinite(x)) x = x > 0 ? v->hi : v->lo;
    return true;
}

// The world frame of a volume downsampled by 2 (each axis floor(n/2)): spacing doubled, the
// world map's columns doubled and its origin moved to the first block's centre.
void halve_frame(Volume* v) {
    for (int& d : v->dims) d /= 2;
    for (double& s : v->spacing) s *= 2;
    for (int r = 0; r < 3; ++r) {
        double* row = &v->to_world[std::size_t(4 * r)];
        row[3] += 0.5 * (row[0] + row[1] + row[2]);
        for (int c = 0; c < 3; ++c) row[c] *= 2;
    }
    v->notes.push_back("downsampled by 2 (the mean of each 2×2×2 block)");
}

// The mean of each 2×2×2 block of `full` (dims d), x fastest; value(i) gives voxel i's value.
template <typename Value>
std::vector<float> block_means(const std::array<int, 3>& d, const Value& value) {
    const std::array<int, 3> h{d[0] / 2, d[1] / 2, d[2] / 2};
    std::vector<float> out(std::size_t(h[0]) * std::size_t(h[1]) * std::size_t(h[2]));
    const std::size_t row = std::size_t(d[0]), slice = row * std::size_t(d[1]);
    std::size_t o = 0;
    for (int z = 0; z < h[2]; ++z)
        for (int y = 0; y < h[1]; ++y)
            for (int x = 0; x < h[0]; ++x) {
                const std::size_t first = 2 * std::size_t(x) + 2 * std::size_t(y) * row + 2 * std::size_t(z) * slice;
                double sum = 0;
                for (int k = 0; k < 8; ++k) sum += value(first + std::size_t(k & 1) + (k >> 1 & 1) * row + (k >> 2) * slice);
                out[o++] = float(sum / 8);
            }
    return out;
}

}  // namespace

const char* type_name(Type t) {
    for (const TypeInfo& i : kTypes)
        if (i.type == t) return i.name;
    return "?";
}
int type_size(Type t) {
    for (const TypeInfo& i : kTypes)
        if (i.type == t) return i.size;
    return 1;
}
bool type_of(const std::string& name, Type* t) {
    for (const TypeInfo& i : kTypes)
        if (name == i.name) return *t = i.type, true;
    return false;
}

std::string trim(const std::string& s) {
    const std::size_t a = s.find_first_not_of(" \t\r\n"), b = s.find_last_not_of(" \t\r\n");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool numbers(const std::string& text, std::vector<double>* out) {
    out->clear();
    std::string t = text;
    for (char& c : t)
        if (c == ',' || c == '(' || c == ')') c = ' ';
    const char* p = t.c_str();
    for (;;) {
        while (*p == ' ' || *p == '\t') ++p;
        if (!*p) return true;
        char* end = nullptr;
        const double v = std::strtod(p, &end);
        if (end == p || !std::isfinite(v)) return false;
        out->push_back(v);
        p = end;
    }
}

bool read_dims(const std::string& text, const std::string& what, VolumeHeader* h, std::string* error) {
    std::vector<double> v;
    bool whole = numbers(text, &v) && v.size() == 3;
    for (std::size_t i = 0; whole && i < 3; ++i) {
        whole = v[i] == std::floor(v[i]) && std::fabs(v[i]) <= 1e9;
        if (whole) h->dims[i] = std::int64_t(v[i]);
    }
    if (!whole) *error = what + " are not three whole numbers";
    return whole;
}

bool check_claims(const VolumeHeader& h, const VolumeOptions& o, std::string* error) {
    const std::string what = std::string("a ") + sizes_text(h.dims) + " volume";
    for (std::int64_t d : h.dims) {
        if (d < 2) return *error = what + ": each axis needs at least 2 voxels", false;
        if (d > o.max_dim) return *error = what + ": an axis of more than " + std::to_string(o.max_dim) + " voxels", false;
        if (o.downsample == 2 && d < 4)
            return *error = what + " is too small to downsample (each axis needs 4 voxels)", false;
    }
    // The cap is on the volume opened: downsampled by 2, an eighth of the voxels (floor(n/2) an axis).
    const std::uint64_t count = std::uint64_t(h.dims[0]) * std::uint64_t(h.dims[1]) * std::uint64_t(h.dims[2]);
    const std::uint64_t opened = o.downsample == 2 ? std::uint64_t(h.dims[0] / 2) * std::uint64_t(h.dims[1] / 2) *
                                                         std::uint64_t(h.dims[2] / 2)
                                                   : count;
    if (opened > o.max_voxels)
        return *error = what + " has " + std::to_string(count) + " voxels," +
                        (o.downsample == 2 ? " " + std::to_string(opened) + " downsampled by 2," : "") +
                        " more than the " + std::to_string(o.max_voxels) + " this page opens", false;
    if (data_bytes(h) > o.max_data_bytes)
        return *error = what + " of " + type_name(h.type) + " holds " + std::to_string(data_bytes(h)) +
                        " bytes of data, more than the " + std::to_string(o.max_data_bytes) + " this page decodes", false;
    for (double s : h.spacing)
        if (!(s > 0) || !std::isfinite(s)) return *error = what + ": its voxel spacing must be positive numbers", false;
    return true;
}

std::uint64_t data_bytes(const VolumeHeader& h) {
    std::uint64_t n = std::uint64_t(type_size(h.type));
    for (std::int64_t d : h.dims) n *= std::uint64_t(std::max<std::int64_t>(d, 0));
    return n;
}

bool decode(const std::uint8_t* data, std::size_t size, const VolumeHeader& h, const VolumeOptions& o, Volume* out,
            std::string* error) {
    if (!check_claims(h, o, error)) return false;
    const std::string what = std::string("a ") + sizes_text(h.dims) + " volume";
    const std::uint64_t count = std::uint64_t(h.dims[0]) * std::uint64_t(h.dims[1]) * std::uint64_t(h.dims[2]);
    const std::uint64_t bytes = data_bytes(h);
    if (h.offset > size) return *error = "the file ends before its data starts", false;

    Volume v;
    v.dims = {int(h.dims[0]), int(h.dims[1]), int(h.dims[2])};
    v.spacing = h.spacing;
    v.file = h.file;
    v.space = h.space;
    v.type = type_name(h.type);
    v.notes = h.notes;
    const std::uint8_t* raw = data + h.offset;
    std::vector<std::uint8_t> inflated;
    if (h.encoding == Encoding::Ascii) {  // text: parsed whole, scaled, then halved where asked
        if (!ascii_values(raw, size - h.offset, count, &v.values, error)) return false;
        if (h.slope != 1 || h.intercept != 0)
            for (float& x : v.values) x = float(h.slope * double(x) + h.intercept);
        if (!finite_values(&v, error)) return false;
        if (o.downsample == 2) {
            const std::vector<float> full = std::move(v.values);
            v.values = block_means(v.dims, [&](std::size_t i) { return double(full[i]); });
        }
    } else {
        if (h.encoding == Encoding::Gzip || h.encoding == Encoding::Zlib) {
            const std::size_t length = h.length ? std::min(h.length, size - h.offset) : size - h.offset;
            const Inflated r = inflate(raw, length, h.encoding == Encoding::Gzip ? Wrapper::Gzip : Wrapper::Zlib,
                                       std::size_t(bytes), &inflated, error);
            if (r == Inflated::Failed) return false;
            if (r == Inflated::Capped)
                return *error = "the compressed data inflates to more than the " + std::to_string(bytes) + " bytes " +
                                what + " of " + type_name(h.type) + " holds", false;
            if (inflated.size() < bytes)
                return *error = "the compressed data inflates to " + std::to_string(inflated.size()) +
                                " bytes, fewer than the " + std::to_string(bytes) + " " + what + " of " +
                                type_name(h.type) + " needs", false;
            raw = inflated.data();
        } else if (size - h.offset < bytes) {
            return *error = "the file holds " + std::to_string(size - h.offset) + " bytes of data, fewer than the " +
                            std::to_string(bytes) + " " + what + " of " + type_name(h.type) + " needs", false;
        }
        // Stored → float32 in data units; downsampled, block by block straight from the stored
        // bytes (the full-size volume is never held as floats), non-finite values replaced first.
        const std::uint64_t n = std::uint64_t(type_size(h.type));
        const bool scaled = h.slope != 1 || h.intercept != 0;
        const auto value = [&](std::uint64_t i) {
            const float x = float(stored(raw + i * n, h.type, h.big_endian));
            return scaled ? float(h.slope * double(x) + h.intercept) : x;
        };
        if (o.downsample == 2) {
            if (!finite_range(count, value, &v, error)) return false;
            v.values = block_means(v.dims, [&](std::size_t i) {
                const float x = value(i);
                return double(std::isfinite(x) ? x : x > 0 ? v.hi : v.lo);
            });
        } else {
            v.values.resize(count);
            for (std::uint64_t i = 0; i < count; ++i) v.values[i] = value(i);
            if (!finite_values(&v, error)) return false;
        }
        inflated = std::vector<std::uint8_t>();
    }

    const bool placed = std::any_of(h.to_world.begin(), h.to_world.end(), [](double x) { return x != 0; });
    if (placed) v.to_world = h.to_world;
    else v.to_world = {h.spacing[0], 0, 0, 0, 0, h.spacing[1], 0, 0, 0, 0, h.spacing[2], 0};
    if (o.spacing[0] > 0 && o.spacing[1] > 0 && o.spacing[2] > 0) {  // the user's spacing, the file's directions
        for (int c = 0; c < 3; ++c) {
            const double len = v.spacing[std::size_t(c)];
            for (int r = 0; r < 3; ++r) v.to_world[std::size_t(4 * r + c)] *= o.spacing[std::size_t(c)] / len;
        }
        v.spacing = o.spacing;
    }
    if (o.downsample == 2) {
        halve_frame(&v);
        v.lo = *std::min_element(v.values.begin(), v.values.end());
        v.hi = *std::max_element(v.values.begin(), v.values.end());
    }
    *out = std::move(v);
    return true;
}

}  // namespace volume

namespace {

// Reads the header of `data` into *h and checks its claims against `o`. A .nii.gz's header is
// inside the gzip stream: `unzipped` gets enough of it for the header (348 bytes; 544 tell
// NIfTI-2 apart) and, with `whole`, exactly what the header describes, its data then read from
// *unzipped instead of `data`.
bool read_header(const std::uint8_t* data, std::size_t size, const VolumeOptions& o, bool whole, volume::VolumeHeader* h,
                 std::vector<std::uint8_t>* unzipped, std::string* error) {
    using namespace volume;
    error->clear();
    if (size >= 132 && std::memcmp(data + 128, "DICM", 4) == 0) {
        *error = "a DICOM file: convert the series to NIfTI first (for example with dcm2niix) and open the .nii.gz";
        return false;
    }
    if (is_gzip(data, size)) {
        std::string why;
        if (inflate(data, size, Wrapper::Gzip, 544, unzipped, &why) == Inflated::Failed && unzipped->size() < 348)
            return *error = "a gzip file that cannot be read: " + why, false;
        if (!read_nifti_header(unzipped->data(), unzipped->size(), h, error)) {
            if (error->empty()) *error = "a gzip file that holds no NIfTI volume (a .nii.gz is the one gzip file this page opens)";
            return false;
        }
        if (!check_claims(*h, o, error)) return false;
        if (!whole) return true;
        const std::uint64_t need = h->offset + data_bytes(*h);
        const Inflated r = inflate(data, size, Wrapper::Gzip, std::size_t(need), unzipped, error);
        if (r == Inflated::Failed) return false;
        if (r == Inflated::Capped && !h->more_follows)
            return *error = "the .nii.gz inflates to more than the " + std::to_string(need) + " bytes its header describes",
                   false;
        return true;
    }
    const bool read = size >= 348 && read_nifti_header(data, size, h, error) ? true
                      : !error->empty()                                      ? false
                      : size >= 7 && std::memcmp(data, "NRRD000", 7) == 0    ? read_nrrd_header(data, size, h, error)
                      : size >= 14 && std::memcmp(data, "# vtk DataFile", 14) == 0 ? read_vtk_header(data, size, h, error)
                      : looks_like_mha(data, size) ? read_mha_header(data, size, h, error)
                                                   : read_raw_header(size, o, h, error);
    return read && check_claims(*h, o, error);
}

}  // namespace

bool load_volume(const std::uint8_t* data, std::size_t size, const VolumeOptions& options, Volume* out,
                 std::string* error) {
    volume::VolumeHeader h;
    std::vector<std::uint8_t> unzipped;
    if (!read_header(data, size, options, true, &h, &unzipped, error)) return false;
    return unzipped.empty() ? volume::decode(data, size, h, options, out, error)
                            : volume::decode(unzipped.data(), unzipped.size(), h, options, out, error);
}

bool volume_dims(const std::uint8_t* data, std::size_t size, const VolumeOptions& options, std::array<int, 3>* dims,
                 std::string* error) {
    volume::VolumeHeader h;
    std::vector<std::uint8_t> unzipped;
    if (!read_header(data, size, options, false, &h, &unzipped, error)) return false;
    *dims = {int(h.dims[0]), int(h.dims[1]), int(h.dims[2])};
    return true;
}

std::vector<IsoPreset> iso_presets(const Volume& v) {
    if (v.type == "int16" && v.lo <= -900 && v.hi >= 400) return {{"bone", 400}, {"skin", -300}};
    return {{"middle", 0.5f * (v.lo + v.hi)}};
}

std::vector<std::uint32_t> value_histogram(const Volume& v, int bins) {
    std::vector<std::uint32_t> h(std::size_t(std::max(bins, 1)), 0);
    const double span = double(v.hi) - double(v.lo);
    for (float x : v.values) {
        const double t = span > 0 ? (double(x) - v.lo) / span : 0.0;
        ++h[std::min(h.size() - 1, std::size_t(std::max(0.0, t) * double(h.size())))];
    }
    return h;
}

}  // namespace hp

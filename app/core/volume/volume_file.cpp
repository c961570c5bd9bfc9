// The volume files' common part: which format the bytes are, the checks every header's claims
// pass before anything is allocated for them, the presets and the histogram. The stored values
// to float32 (scaled, NaN and ±Inf replaced, downsampled): volume_decode.cpp. The formats:
// nifti.cpp, nrrd.cpp, metaimage.cpp, vtk_legacy.cpp, raw_volume.cpp.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>

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

}  // namespace

std::string sizes_text(const std::array<std::int64_t, 3>& d) {
    return std::to_string(d[0]) + "×" + std::to_string(d[1]) + "×" + std::to_string(d[2]);
}

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

bool read_header(const std::uint8_t* data, std::size_t size, std::uint64_t file_size, const VolumeOptions& o, bool whole,
                 volume::VolumeHeader* h, std::vector<std::uint8_t>* unzipped, std::string* error) {
    using namespace volume;
    error->clear();
    if (size >= 132 && std::memcmp(data + 128, "DICM", 4) == 0) {
        *error = "a DICOM file: the page's DICOM reader opens it with the rest of its series (drop the folder, "
                 "or give hp.loadVolume every file)";
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
        const auto said = [&](std::size_t n) { o.progress("inflating", n, need); };
        const Inflated r = inflate(data, size, Wrapper::Gzip, std::size_t(need), unzipped, error,
                                   o.progress ? std::function<void(std::size_t)>(said) : nullptr);
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
                                                   : read_raw_header(file_size, o, h, error);
    return read && check_claims(*h, o, error);
}

}  // namespace volume

bool load_volume(const std::uint8_t* data, std::size_t size, const VolumeOptions& options, Volume* out,
                 std::string* error) {
    volume::VolumeHeader h;
    std::vector<std::uint8_t> unzipped;
    if (!volume::read_header(data, size, size, options, true, &h, &unzipped, error)) return false;
    return unzipped.empty() ? volume::decode(data, size, h, options, out, error)
                            : volume::decode(unzipped.data(), unzipped.size(), h, options, out, error);
}

bool volume_dims(const std::uint8_t* data, std::size_t size, const VolumeOptions& options, std::array<int, 3>* dims,
                 std::string* error, std::uint64_t file_size) {
    volume::VolumeHeader h;
    std::vector<std::uint8_t> unzipped;
    if (!volume::read_header(data, size, file_size ? file_size : size, options, false, &h, &unzipped, error)) return false;
    *dims = {int(h.dims[0]), int(h.dims[1]), int(h.dims[2])};
    return true;
}

std::vector<IsoPreset> iso_presets(const Volume& v) {
    if (v.type == "int16" && v.lo <= -900 && v.hi >= 400) return {{"bone", 400}, {"skin", -300}};
    return {{"middle", 0.5f * (v.lo + v.hi)}};
}

void count_stored(const VoxelValues& values, std::size_t first, std::size_t n, std::vector<std::uint32_t>* counts) {
    values.visit([&](const auto* p, const Scaling&) {
        using T = std::remove_const_t<std::remove_pointer_t<decltype(p)>>;
        if constexpr (sizeof(T) <= 2) {
            constexpr int kMin = std::numeric_limits<T>::min();
            counts->resize(std::size_t(1) << (8 * sizeof(T)), 0);
            std::uint32_t* c = counts->data();
            for (std::size_t i = first, e = first + n; i < e; ++i) ++c[std::size_t(int(p[i]) - kMin)];
        }
    });
}

namespace {

// Stored value k of the counts (k = 0 the type's lowest) in data units.
float counted_value(const VoxelValues& values, std::size_t k) {
    return values.visit([&](const auto* p, const Scaling& s) {
        using T = std::remove_const_t<std::remove_pointer_t<decltype(p)>>;
        if constexpr (sizeof(T) <= 2) return s(T(int(k) + std::numeric_limits<T>::min()));
        return float(k);  // float32 storage is never counted
    });
}

// value_histogram's bins from an 8- or 16-bit volume's counts (its lo and hi set).
std::vector<std::uint32_t> bins_of_counts(const Volume& v, const std::vector<std::uint32_t>& counts, int bins) {
    std::vector<std::uint32_t> h(std::size_t(std::max(bins, 1)), 0);
    const double span = double(v.hi) - double(v.lo);
    for (std::size_t k = 0; k < counts.size(); ++k) {
        if (!counts[k]) continue;
        const double t = span > 0 ? (double(counted_value(v.values, k)) - v.lo) / span : 0.0;
        h[std::min(h.size() - 1, std::size_t(std::max(0.0, t) * double(h.size())))] += counts[k];
    }
    return h;
}

}  // namespace

std::vector<std::uint32_t> histogram_of_counts(Volume* v, const std::vector<std::uint32_t>& counts, int bins) {
    const auto first = std::find_if(counts.begin(), counts.end(), [](std::uint32_t c) { return c > 0; });
    const auto last = std::find_if(counts.rbegin(), counts.rend(), [](std::uint32_t c) { return c > 0; });
    v->lo = counted_value(v->values, std::size_t(first - counts.begin()));
    v->hi = counted_value(v->values, counts.size() - 1 - std::size_t(last - counts.rbegin()));
    return bins_of_counts(*v, counts, bins);
}

std::vector<std::uint32_t> value_histogram(const Volume& v, int bins) {
    std::vector<std::uint32_t> counts;
    count_stored(v.values, 0, v.values.size(), &counts);
    if (!counts.empty()) return bins_of_counts(v, counts, bins);
    std::vector<std::uint32_t> h(std::size_t(std::max(bins, 1)), 0);
    const double span = double(v.hi) - double(v.lo);
    const float* f = v.values.floats();
    for (std::size_t i = 0, n = v.values.size(); i < n; ++i) {
        const double t = span > 0 ? (double(f[i]) - v.lo) / span : 0.0;
        ++h[std::min(h.size() - 1, std::size_t(std::max(0.0, t) * double(h.size())))];
    }
    return h;
}

}  // namespace hp

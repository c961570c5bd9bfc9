// The stored values of a volume file, 8 and 16 bits as stored, else to float32 in data units
// (volume_decode.h's decode()):
// the data inflated or parsed within the bytes the header claims, scaled by slope and
// intercept, NaN and ±Inf replaced by the finite range's ends, and downsampled by 2 where
// asked, block by block from the stored bytes. The headers and their claims: volume_file.cpp.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "inflate.h"
#include "volume_decode.h"

namespace hp {
namespace volume {
namespace {

using Progress = decltype(VolumeOptions::progress);
constexpr std::uint64_t kValuesBetweenProgress = std::uint64_t(1) << 20;

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

// `count` stored values of type T from `raw` into out[0, count), as stored() and the scaling give
// them, a type at a time (a loop the compiler keeps tight: the full-size decode's time).
template <typename T>
void convert(const std::uint8_t* raw, std::uint64_t count, bool big, bool scaled, double slope, double intercept,
             float* out) {
    for (std::uint64_t i = 0; i < count; ++i) {
        std::uint8_t b[sizeof(T)];
        const std::uint8_t* p = raw + i * sizeof(T);
        if (big)
            for (std::size_t k = 0; k < sizeof(T); ++k) b[k] = p[sizeof(T) - 1 - k];
        else
            std::memcpy(b, p, sizeof(T));
        T v;
        std::memcpy(&v, b, sizeof(T));
        const float x = float(v);
        out[i] = scaled ? float(slope * double(x) + intercept) : x;
    }
}
}  // namespace

void convert_values(Type t, const std::uint8_t* raw, std::uint64_t count, bool big, double slope, double intercept,
                    float* out) {
    const bool scaled = slope != 1 || intercept != 0;
    switch (t) {
        case Type::U8: return convert<std::uint8_t>(raw, count, big, scaled, slope, intercept, out);
        case Type::I8: return convert<std::int8_t>(raw, count, big, scaled, slope, intercept, out);
        case Type::I16: return convert<std::int16_t>(raw, count, big, scaled, slope, intercept, out);
        case Type::U16: return convert<std::uint16_t>(raw, count, big, scaled, slope, intercept, out);
        case Type::I32: return convert<std::int32_t>(raw, count, big, scaled, slope, intercept, out);
        case Type::F32: return convert<float>(raw, count, big, scaled, slope, intercept, out);
        case Type::F64: return convert<double>(raw, count, big, scaled, slope, intercept, out);
    }
}

namespace {

// Parses ASCII numbers (VTK ASCII) into exactly `count` floats.
bool ascii_values(const std::uint8_t* p, std::size_t n, std::size_t count, const Progress& progress, std::vector<float>* out,
                  std::string* error) {
    out->reserve(std::min<std::size_t>(count, n / 2 + 1));  // each number takes at least 2 bytes
    std::size_t i = 0;
    std::string token;
    while (out->size() < count) {
        if (progress && out->size() % kValuesBetweenProgress == 0) progress("decoding", out->size(), count);
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

}  // namespace

// finite_range over v->values, then the non-finite ones replaced in place; stored integers are
// all finite: their range is the scaled range of the stored values (the slope is positive).
bool finite_values(Volume* v, std::string* error) {
    float* f = v->values.floats();
    if (!f) {
        if (v->values.empty()) return *error = "no value in the volume is a finite number", false;
        v->values.visit([&](const auto* p, const Scaling& s) {
            auto lo = p[0], hi = p[0];
            for (std::size_t i = 1, n = v->values.size(); i < n; ++i) lo = std::min(lo, p[i]), hi = std::max(hi, p[i]);
            v->lo = s(lo), v->hi = s(hi);
        });
        return true;
    }
    if (!finite_range(v->values.size(), [&](std::uint64_t i) { return f[i]; }, v, error)) return false;
    for (std::size_t i = 0, n = v->values.size(); i < n; ++i)
        if (!std::isfinite(f[i])) f[i] = f[i] > 0 ? v->hi : v->lo;
    return true;
}

namespace {

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
std::vector<float> block_means(const std::array<int, 3>& d, const Progress& progress, const Value& value) {
    const std::array<int, 3> h{d[0] / 2, d[1] / 2, d[2] / 2};
    std::vector<float> out(std::size_t(h[0]) * std::size_t(h[1]) * std::size_t(h[2]));
    const std::size_t row = std::size_t(d[0]), slice = row * std::size_t(d[1]);
    std::size_t o = 0;
    for (int z = 0; z < h[2]; ++z) {
        if (progress) progress("decoding", std::uint64_t(z), std::uint64_t(h[2]));
        for (int y = 0; y < h[1]; ++y)
            for (int x = 0; x < h[0]; ++x) {
                const std::size_t first = 2 * std::size_t(x) + 2 * std::size_t(y) * row + 2 * std::size_t(z) * slice;
                double sum = 0;
                for (int k = 0; k < 8; ++k) sum += value(first + std::size_t(k & 1) + (k >> 1 & 1) * row + (k >> 2) * slice);
                out[o++] = float(sum / 8);
            }
    }
    return out;
}

}  // namespace

Stored stored_kind(const VolumeHeader& h) {
    if (h.type == Type::I32 || h.type == Type::F32 || h.type == Type::F64) return Stored::F32;
    return kept_integers(8 * type_size(h.type), h.type == Type::I8 || h.type == Type::I16, h.slope);
}

Volume describe(const VolumeHeader& h, const VolumeOptions& o) {
    Volume v;
    v.dims = {int(h.dims[0]), int(h.dims[1]), int(h.dims[2])};
    v.spacing = h.spacing;
    v.file = h.file;
    v.space = h.space;
    v.type = type_name(h.type);
    v.notes = h.notes;
    v.labels = h.labels;
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
    return v;
}

bool decode(const std::uint8_t* data, std::size_t size, const VolumeHeader& h, const VolumeOptions& o, Volume* out,
            std::string* error) {
    if (!check_claims(h, o, error)) return false;
    const std::string what = std::string("a ") + sizes_text(h.dims) + " volume";
    const std::uint64_t count = std::uint64_t(h.dims[0]) * std::uint64_t(h.dims[1]) * std::uint64_t(h.dims[2]);
    const std::uint64_t bytes = data_bytes(h);
    if (h.offset > size) return *error = "the file ends before its data starts", false;

    Volume v = describe(h, o);
    const std::uint8_t* raw = data + h.offset;
    std::vector<std::uint8_t> inflated;
    if (h.encoding == Encoding::Ascii) {  // text: parsed whole, scaled, then halved where asked
        std::vector<float> parsed;
        if (!ascii_values(raw, size - h.offset, count, o.progress, &parsed, error)) return false;
        if (h.slope != 1 || h.intercept != 0)
            for (float& x : parsed) x = float(h.slope * double(x) + h.intercept);
        v.values = VoxelValues(std::move(parsed));
        if (!finite_values(&v, error)) return false;
        if (o.downsample == 2) {
            const VoxelValues full = std::move(v.values);
            const float* f = full.floats();
            v.values = VoxelValues(block_means(v.dims, o.progress, [&](std::size_t i) { return double(f[i]); }));
        }
    } else {
        if (h.encoding == Encoding::Gzip || h.encoding == Encoding::Zlib) {
            const std::size_t length = h.length ? std::min(h.length, size - h.offset) : size - h.offset;
            const auto said = [&](std::size_t n) { o.progress("inflating", n, bytes); };
            const Inflated r = inflate(raw, length, h.encoding == Encoding::Gzip ? Wrapper::Gzip : Wrapper::Zlib,
                                       std::size_t(bytes), &inflated, error,
                                       o.progress ? std::function<void(std::size_t)>(said) : nullptr);
            if (r == Inflated::Failed) return false;
            if (r == Inflated::Capped)
                return *error = "the compressed data inflates to more than the " + std::to_string(bytes) + " bytes " +
                                what + " of " + type_name(h.type) + " holds", false;
            if (inflated.size() < bytes)
                return *error = "the compressed data inflates to " + std::to_string(inflated.size()) +
                                " bytes, fewer than the " + std::to_string(bytes) + " " + what + " of " +
                                type_name(h.type) + " needs", false;
            raw = inflated.data();
        } else if (!data_fits(h, size - h.offset, error)) {
            return false;
        }
        // 8 and 16 bits kept as stored (bytes in the machine's order, the scaling beside); the
        // rest to float32 in data units; downsampled, block by block straight from the stored
        // bytes (the full-size volume is never held as floats), non-finite values replaced first.
        const std::uint64_t n = std::uint64_t(type_size(h.type));
        const bool scaled = h.slope != 1 || h.intercept != 0;
        const auto value = [&](std::uint64_t i) {
            const float x = float(stored(raw + i * n, h.type, h.big_endian));
            return scaled ? float(h.slope * double(x) + h.intercept) : x;
        };
        if (o.downsample == 2) {
            if (!finite_range(count, value, &v, error)) return false;
            v.values = VoxelValues(block_means(v.dims, o.progress, [&](std::size_t i) {
                const float x = value(i);
                return double(std::isfinite(x) ? x : x > 0 ? v.hi : v.lo);
            }));
        } else {
            const Stored kept = stored_kind(h);
            v.values = VoxelValues(kept, std::size_t(count), {h.slope, h.intercept});
            const std::uint64_t k = std::uint64_t(stored_size(kept));
            for (std::uint64_t at = 0; at < count; at += kValuesBetweenProgress) {
                if (o.progress) o.progress("decoding", at, count);
                const std::uint64_t end = std::min(count, at + kValuesBetweenProgress);
                decode_values(h, raw + at * n, end - at, v.values.bytes() + at * k);
            }
            if (!finite_values(&v, error)) return false;
        }
        inflated = std::vector<std::uint8_t>();
    }

    if (o.downsample == 2) {
        halve_frame(&v);
        const float* f = v.values.floats();
        v.lo = *std::min_element(f, f + v.values.size());
        v.hi = *std::max_element(f, f + v.values.size());
    }
    *out = std::move(v);
    return true;
}

}  // namespace volume
}  // namespace hp

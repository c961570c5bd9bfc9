// NIfTI-1 (.nii; .nii.gz is inflated first, volume_file.cpp): the 348-byte header (either byte
// order), its datatype, dims, pixdim, vox_offset, scl_slope/scl_inter and the voxel → world map
// (sform, else qform, else the spacing alone), as the NIfTI-1 standard defines them.
#include <cmath>
#include <cstring>

#include "volume_decode.h"

namespace hp::volume {
namespace {

class Fields {
public:
    Fields(const std::uint8_t* d, bool big) : d_(d), big_(big) {}
    std::int32_t i32(std::size_t at) const { std::int32_t v; get(at, &v); return v; }
    std::int16_t i16(std::size_t at) const { std::int16_t v; get(at, &v); return v; }
    double f32(std::size_t at) const { float v; get(at, &v); return v; }

private:
    template <typename T>
    void get(std::size_t at, T* v) const {
        std::uint8_t b[sizeof(T)];
        for (std::size_t i = 0; i < sizeof(T); ++i) b[i] = big_ ? d_[at + sizeof(T) - 1 - i] : d_[at + i];
        std::memcpy(v, b, sizeof(T));
    }
    const std::uint8_t* d_;
    bool big_;
};

bool type_of_code(int code, Type* t) {
    switch (code) {
        case 2: *t = Type::U8; return true;
        case 256: *t = Type::I8; return true;
        case 4: *t = Type::I16; return true;
        case 512: *t = Type::U16; return true;
        case 8: *t = Type::I32; return true;
        case 16: *t = Type::F32; return true;
        case 64: *t = Type::F64; return true;
        default: return false;
    }
}

// The qform's rotation from its quaternion (b, c, d; a from unit length), columns scaled by
// the spacing, the third by qfac (pixdim[0], −1 for a left-handed voxel grid).
void qform(const Fields& f, const std::array<double, 3>& s, double qfac, std::array<double, 12>* m) {
    double b = f.f32(256), c = f.f32(260), d = f.f32(264);
    double a = 1.0 - (b * b + c * c + d * d);
    if (a < 1e-7) {  // a 180° turn: normalize (b, c, d)
        const double n = std::sqrt(b * b + c * c + d * d);
        if (n > 0) b /= n, c /= n, d /= n;
        a = 0;
    } else {
        a = std::sqrt(a);
    }
    const double r[3][3] = {{a * a + b * b - c * c - d * d, 2 * (b * c - a * d), 2 * (b * d + a * c)},
                            {2 * (b * c + a * d), a * a + c * c - b * b - d * d, 2 * (c * d - a * b)},
                            {2 * (b * d - a * c), 2 * (c * d + a * b), a * a + d * d - c * c - b * b}};
    const double scale[3] = {s[0], s[1], s[2] * qfac};
    const double offset[3] = {f.f32(268), f.f32(272), f.f32(276)};
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) (*m)[std::size_t(4 * i + j)] = r[i][j] * scale[j];
        (*m)[std::size_t(4 * i + 3)] = offset[i];
    }
}

}  // namespace

bool read_nifti_header(const std::uint8_t* data, std::size_t size, VolumeHeader* h, std::string* error) {
    if (size < 348) return false;
    std::int32_t le = 0;
    std::memcpy(&le, data, 4);
    const bool big = le != 348 && le != 540;
    const Fields f(data, big);
    const std::int32_t sizeof_hdr = f.i32(0);
    if (sizeof_hdr == 540 && size >= 8 && (std::memcmp(data + 4, "n+2", 3) == 0 || std::memcmp(data + 4, "ni2", 3) == 0))
        return *error = "a NIfTI-2 file: save it as NIfTI-1 (for example with nibabel) to open it here", false;
    if (sizeof_hdr != 348) return false;
    const bool single = std::memcmp(data + 344, "n+1", 4) == 0, pair = std::memcmp(data + 344, "ni1", 4) == 0;
    if (pair)
        return *error = "the header of a .hdr/.img pair: one file cannot hold both; convert the pair to one .nii "
                        "(for example with nibabel or fslchfiletype) and open that",
               false;
    if (!single) return false;  // an Analyze header or not a header at all

    const int rank = f.i16(40);
    if (rank < 3 || rank > 7)
        return *error = "a NIfTI image of " + std::to_string(rank) + " dimension(s): this page opens 3D volumes", false;
    h->file = "nifti";
    h->space = "RAS";  // NIfTI's sform and qform map to RAS+ (scanner or template space)
    h->dims = {f.i16(42), f.i16(44), f.i16(46)};
    std::int64_t volumes = 1;
    for (int i = 4; i <= rank; ++i) volumes *= std::max<std::int16_t>(f.i16(std::size_t(40 + 2 * i)), 1);
    if (volumes > 1) {
        h->more_follows = true;
        h->notes.push_back("a " + std::to_string(rank) + "D file: its first volume (of " + std::to_string(volumes) +
                           ") is shown");
    }
    const int code = f.i16(70);
    if (!type_of_code(code, &h->type))
        return *error = "NIfTI datatype " + std::to_string(code) +
                        " is not one this page opens (uint8, int8, int16, uint16, int32, float32, float64)",
               false;
    h->big_endian = big;
    for (int i = 0; i < 3; ++i) h->spacing[std::size_t(i)] = std::fabs(f.f32(std::size_t(80 + 4 * i)));
    const double offset = f.f32(108);
    if (!(offset >= 348) || offset > double(1u << 30))
        return *error = "the NIfTI header's vox_offset (" + std::to_string(offset) + ") is not where data can start", false;
    h->offset = std::size_t(offset);
    const double slope = f.f32(112), inter = f.f32(116);
    if (slope != 0 && std::isfinite(slope) && std::isfinite(inter)) h->slope = slope, h->intercept = inter;

    if (f.i16(254) > 0) {  // sform: srow_x, srow_y, srow_z
        for (std::size_t i = 0; i < 12; ++i) h->to_world[i] = f.f32(280 + 4 * i);
    } else if (f.i16(252) > 0) {
        qform(f, h->spacing, f.f32(76) < 0 ? -1.0 : 1.0, &h->to_world);
    }
    for (double v : h->to_world)
        if (!std::isfinite(v)) return *error = "the NIfTI header's voxel → world map holds a number that is not finite", false;
    return true;
}

}  // namespace hp::volume

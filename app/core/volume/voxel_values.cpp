#include "voxel_values.h"

namespace hp {

const char* stored_name(Stored t) {
    switch (t) {
        case Stored::U8: return "uint8";
        case Stored::I8: return "int8";
        case Stored::U16: return "uint16";
        case Stored::I16: return "int16";
        case Stored::F32: break;
    }
    return "float32";
}

bool stored_of(const std::string& name, Stored* out) {
    for (Stored t : {Stored::U8, Stored::I8, Stored::U16, Stored::I16, Stored::F32})
        if (name == stored_name(t)) return *out = t, true;
    return false;
}

Stored kept_integers(int bits, bool is_signed, double slope) {
    if (!(slope > 0)) return Stored::F32;
    if (bits == 8) return is_signed ? Stored::I8 : Stored::U8;
    if (bits == 16) return is_signed ? Stored::I16 : Stored::U16;
    return Stored::F32;
}

int stored_size(Stored t) {
    switch (t) {
        case Stored::U8:
        case Stored::I8: return 1;
        case Stored::U16:
        case Stored::I16: return 2;
        case Stored::F32: break;
    }
    return 4;
}

VoxelValues::VoxelValues(Stored type, std::size_t count, Scaling scaling, bool zeroed)
    : type_(type), scaling_(type == Stored::F32 ? Scaling{} : scaling), count_(count) {
    if (type == Stored::F32) floats_.assign(count, 0.0f);
    else if (zeroed) ints_.assign(count * std::size_t(stored_size(type)), 0);
    else ints_.resize(count * std::size_t(stored_size(type)));
}

void VoxelValues::read(std::size_t first, std::size_t n, float* out) const {
    visit([&](const auto* p, const Scaling& s) {
        p += first;
        if (s.identity())
            for (std::size_t i = 0; i < n; ++i) out[i] = float(p[i]);
        else
            for (std::size_t i = 0; i < n; ++i) out[i] = s(p[i]);
    });
}

std::vector<float> VoxelValues::to_floats() const {
    std::vector<float> out(count_);
    read(0, count_, out.data());
    return out;
}

}  // namespace hp

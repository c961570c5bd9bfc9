// A volume's values as the file stored them: 8- and 16-bit integers stay 8/16-bit (with the
// file's scaling, value = slope · stored + intercept, applied where a value is read), anything
// else (float, 32-bit and 64-bit types, values made here such as a downsampled mean or a
// shell's distance) is float32 in data units. The heap holds the stored bytes, never a float
// copy of the whole: readers take one value (at), a run of them as floats (read), or the
// stored array itself through visit(), whose function gets the typed pointer and the scaling.
// A value read is float(slope · double(stored) + intercept), exactly as the decoders made the
// float32 volume before (volume_decode.cpp), so every consumer sees the same floats.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>
#include <string>
#include <vector>

namespace hp {

enum class Stored : std::uint8_t { U8, I8, U16, I16, F32 };
const char* stored_name(Stored t);  // uint8 int8 uint16 int16 float32
int stored_size(Stored t);          // bytes a value
bool stored_of(const std::string& name, Stored* out);  // by those names
// How a volume of `bits`-bit integers (signed or not) scaled by `slope` is kept: as stored for 8
// and 16 bits with a positive slope (the order kept), float32 otherwise.
Stored kept_integers(int bits, bool is_signed, double slope);

// The scaling of stored integers into data units; the identity for float32.
struct Scaling {
    double slope = 1, intercept = 0;
    bool identity() const { return slope == 1 && intercept == 0; }
    template <typename T>
    float operator()(T stored) const {
        const float x = float(stored);
        return identity() ? x : float(slope * double(x) + intercept);
    }
};

// An allocator whose resize() leaves new elements as allocated (default-initialised: for bytes,
// not zeroed); VoxelValues zeroes where its constructor is asked to.
template <typename T>
struct UnsetAllocator : std::allocator<T> {
    template <typename U>
    struct rebind {
        using other = UnsetAllocator<U>;
    };
    UnsetAllocator() = default;
    template <typename U>
    UnsetAllocator(const UnsetAllocator<U>&) noexcept {}  // NOLINT: rebinding converts
    template <typename U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <typename U, typename... A>
    void construct(U* p, A&&... a) {
        ::new (static_cast<void*>(p)) U(std::forward<A>(a)...);
    }
};

class VoxelValues {
public:
    VoxelValues() = default;
    // Float32 values in data units (moved in: no copy).
    explicit VoxelValues(std::vector<float> values) : floats_(std::move(values)), count_(floats_.size()) {}
    // `count` stored values of `type`, all zero, to be filled through bytes() (a file's data,
    // the page's parts). A float32 volume ignores `scaling`. Not `zeroed`: 8- and 16-bit values
    // are left as the allocator gives them, for a caller that writes every one (a 1 GiB file's
    // values are not written twice).
    VoxelValues(Stored type, std::size_t count, Scaling scaling = {}, bool zeroed = true);

    Stored type() const { return type_; }
    const Scaling& scaling() const { return scaling_; }
    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    std::size_t byte_size() const { return count_ * std::size_t(stored_size(type_)); }

    // The stored bytes (little-endian, as wasm and x86 hold them), to be written or read whole.
    std::uint8_t* bytes() { return type_ == Stored::F32 ? reinterpret_cast<std::uint8_t*>(floats_.data()) : ints_.data(); }
    const std::uint8_t* bytes() const {
        return type_ == Stored::F32 ? reinterpret_cast<const std::uint8_t*>(floats_.data()) : ints_.data();
    }
    // Float32 storage's own array (null for integer storage): values made or changed in place.
    float* floats() { return type_ == Stored::F32 ? floats_.data() : nullptr; }
    const float* floats() const { return type_ == Stored::F32 ? floats_.data() : nullptr; }

    // Values [first, first + n) in data units into out.
    void read(std::size_t first, std::size_t n, float* out) const;
    // The whole as float32 (a copy: for the few who need one, such as a mesh step's field).
    std::vector<float> to_floats() const;

    // f(const T* stored, const Scaling&) with T the stored type; returns what f returns.
    template <typename F>
    decltype(auto) visit(F&& f) const {
        const std::uint8_t* b = ints_.data();
        switch (type_) {
            case Stored::U8: return f(reinterpret_cast<const std::uint8_t*>(b), scaling_);
            case Stored::I8: return f(reinterpret_cast<const std::int8_t*>(b), scaling_);
            case Stored::U16: return f(reinterpret_cast<const std::uint16_t*>(b), scaling_);
            case Stored::I16: return f(reinterpret_cast<const std::int16_t*>(b), scaling_);
            case Stored::F32: break;
        }
        return f(floats_.data(), kIdentity);
    }

    // Value i in data units.
    float at(std::size_t i) const {
        return visit([&](const auto* p, const Scaling& s) { return s(p[i]); });
    }
    float operator[](std::size_t i) const { return at(i); }

private:
    static constexpr Scaling kIdentity{};
    Stored type_ = Stored::F32;
    Scaling scaling_;
    std::vector<float> floats_;        // F32
    std::vector<std::uint8_t, UnsetAllocator<std::uint8_t>> ints_;  // the others (operator new's alignment holds any of them)
    std::size_t count_ = 0;
};

// A volume's values however they are held, for a reader that takes either: float32 in data units
// (a volume's own, or read back from the atlas) or a VoxelValues in its stored type.
struct VoxelView {
    const float* floats = nullptr;
    const VoxelValues* stored = nullptr;
    VoxelView() = default;
    VoxelView(const float* f) : floats(f) {}  // NOLINT: a float array is a view
    VoxelView(const VoxelValues& v) : floats(v.floats()), stored(v.floats() ? nullptr : &v) {}  // NOLINT
    float operator[](std::size_t i) const { return floats ? floats[i] : stored->at(i); }
    explicit operator bool() const { return floats || stored; }
};

}  // namespace hp

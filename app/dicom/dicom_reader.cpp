// GDCM over bytes in memory (dicom_reader.h). Its exceptions stop here.
#include "dicom_reader.h"

#include <gdcmImage.h>
#include <gdcmImageReader.h>
#include <gdcmReader.h>
#include <gdcmSequenceOfFragments.h>
#include <gdcmStringFilter.h>
#include <gdcmUIDs.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <istream>
#include <new>
#include <sstream>
#include <vector>

// GDCM allocates a data element's claimed length before it reads the value: a hostile header
// claiming 4 GB would have it. While GDCM works on a file here, any one allocation past a cap
// (the file's size, or the largest slice the limits allow, and a margin) throws std::bad_alloc
// instead, which ends that read with a message. Outside those calls nothing is capped.
namespace {
std::size_t g_allocation_cap = 0;  // 0: no cap (wasm here has no threads; the fuzzer runs one)
void* allocate(std::size_t n) {
    if (g_allocation_cap && n > g_allocation_cap) throw std::bad_alloc();
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
struct AllocationCap {
    explicit AllocationCap(std::size_t cap) { g_allocation_cap = cap; }
    ~AllocationCap() { g_allocation_cap = 0; }
};
}  // namespace

// Every form of new and delete, so that each allocation is freed by its own kind.
void* operator new(std::size_t n) { return allocate(n); }
void* operator new[](std::size_t n) { return allocate(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    try { return allocate(n); } catch (...) { return nullptr; }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
    try { return allocate(n); } catch (...) { return nullptr; }
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
// The aligned forms, capped alike (GDCM asks for none today).
void* operator new(std::size_t n, std::align_val_t a) {
    if (g_allocation_cap && n > g_allocation_cap) throw std::bad_alloc();
    void* p = nullptr;
    if (posix_memalign(&p, std::max(sizeof(void*), std::size_t(a)), n ? n : 1) != 0 || !p) throw std::bad_alloc();
    return p;
}
void* operator new[](std::size_t n, std::align_val_t a) { return operator new(n, a); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace hp {
namespace {

// The largest one allocation may be: the file, or `floor` (a deflated data set inflates; a slice
// decodes to its pixels), with a margin.
std::size_t cap_for(std::size_t size, std::size_t floor) { return std::max(size, floor) + (std::size_t(1) << 16); }

// A read-only stream over the bytes (GDCM reads and seeks a std::istream).
class ByteBuffer : public std::streambuf {
public:
    ByteBuffer(const std::uint8_t* data, std::size_t size) {
        char* p = const_cast<char*>(reinterpret_cast<const char*>(data));
        setg(p, p, p + size);
    }

protected:
    pos_type seekoff(off_type off, std::ios_base::seekdir dir, std::ios_base::openmode) override {
        const off_type base = dir == std::ios_base::beg ? 0 : dir == std::ios_base::cur ? gptr() - eback() : egptr() - eback();
        const off_type to = base + off;
        if (to < 0 || to > egptr() - eback()) return pos_type(off_type(-1));
        setg(eback(), eback() + to, egptr());
        return pos_type(to);
    }
    pos_type seekpos(pos_type pos, std::ios_base::openmode mode) override {
        return seekoff(off_type(pos), std::ios_base::beg, mode);
    }
};

std::string text_of(const gdcm::StringFilter& f, const gdcm::DataSet& ds, std::uint16_t group, std::uint16_t element) {
    const gdcm::Tag tag(group, element);
    if (!ds.FindDataElement(tag) || ds.GetDataElement(tag).IsEmpty()) return "";
    std::string s = f.ToString(tag);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\0')) s.pop_back();
    while (!s.empty() && s.front() == ' ') s.erase(0, 1);
    return s;
}

// "a\b\c" → numbers; false unless exactly `n` finite ones.
template <std::size_t N>
bool numbers_of(const std::string& s, std::array<double, N>* out) {
    std::istringstream in(s);
    std::string part;
    std::size_t i = 0;
    while (std::getline(in, part, '\\')) {
        if (i == N) return false;
        char* end = nullptr;
        const double x = std::strtod(part.c_str(), &end);
        if (end == part.c_str() || !std::isfinite(x)) return false;
        (*out)[i++] = x;
    }
    return i == N;
}
int int_of(const std::string& s, int otherwise) {
    char* end = nullptr;
    const long x = std::strtol(s.c_str(), &end, 10);
    return end == s.c_str() || x < -(1L << 30) || x > (1L << 30) ? otherwise : int(x);
}
double double_of(const std::string& s, double otherwise) {
    char* end = nullptr;
    const double x = std::strtod(s.c_str(), &end);
    return end == s.c_str() || !std::isfinite(x) ? otherwise : x;
}

std::string syntax_name(const gdcm::TransferSyntax& ts) {
    const char* uid = gdcm::TransferSyntax::GetTSString(ts);
    gdcm::UIDs u;
    if (uid && u.SetFromUID(uid) && u.GetName()) return std::string(u.GetName()) + " (" + uid + ")";
    return uid ? uid : "an unknown transfer syntax";
}

// GDCM 3.0.21's RLE decoder trusts a frame's segment count: past its 15-entry table it reads
// beyond the header (the fuzzer found it), and 0 divides by zero. Each RLE frame's header is
// checked here, from GDCM's own parse, before its decoder sees it.
bool rle_frames_sound(const gdcm::File& file) {
    if (file.GetHeader().GetDataSetTransferSyntax() != gdcm::TransferSyntax::RLELossless) return true;
    const gdcm::DataSet& ds = file.GetDataSet();
    const gdcm::Tag pixels(0x7fe0, 0x0010);
    if (!ds.FindDataElement(pixels)) return true;
    const gdcm::SequenceOfFragments* frames = ds.GetDataElement(pixels).GetSequenceOfFragments();
    if (!frames) return false;
    for (gdcm::SequenceOfFragments::SizeType i = 0; i < frames->GetNumberOfFragments(); ++i) {
        const gdcm::ByteValue* bytes = frames->GetFragment(i).GetByteValue();
        if (!bytes || bytes->GetLength() < 64) return false;
        const unsigned char* h = reinterpret_cast<const unsigned char*>(bytes->GetPointer());
        const auto word = [&](int k) {
            return std::uint32_t(h[4 * k]) | std::uint32_t(h[4 * k + 1]) << 8 | std::uint32_t(h[4 * k + 2]) << 16 |
                   std::uint32_t(h[4 * k + 3]) << 24;
        };
        const std::uint32_t segments = word(0);
        if (segments < 1 || segments > 15 || word(1) != 64) return false;
        for (std::uint32_t k = 1; k <= segments; ++k)
            if (word(int(k)) > bytes->GetLength() || (k > 1 && word(int(k)) < word(int(k) - 1))) return false;
    }
    return true;
}

}  // namespace

DicomHeader read_dicom_header(const std::uint8_t* data, std::size_t size, bool whole, DicomSlice* out,
                              std::size_t max_allocation) {
    const bool marked = size >= 132 && std::memcmp(data + 128, "DICM", 4) == 0;
    const AllocationCap cap(cap_for(size, max_allocation));
    try {
        ByteBuffer buffer(data, size);
        std::istream in(&buffer);
        gdcm::Reader reader;
        reader.SetStream(in);
        const bool read = reader.ReadUpToTag(gdcm::Tag(0x7fe0, 0x0010));
        // A header cut by the end of a prefix: read again from the whole file.
        if (!whole && (!read || in.eof() || in.tellg() >= std::streampos(std::streamoff(size))))
            return marked || read ? DicomHeader::NeedWhole : DicomHeader::NotDicom;
        if (!read) return DicomHeader::NotDicom;
        const gdcm::File& file = reader.GetFile();
        const gdcm::DataSet& ds = file.GetDataSet();
        gdcm::StringFilter f;
        f.SetFile(file);
        DicomSlice s;
        s.rows = int_of(text_of(f, ds, 0x0028, 0x0010), 0);
        s.cols = int_of(text_of(f, ds, 0x0028, 0x0011), 0);
        const bool dicom_like = marked || ds.FindDataElement(gdcm::Tag(0x0008, 0x0016)) ||
                                ds.FindDataElement(gdcm::Tag(0x0008, 0x0060));
        if (!dicom_like) return DicomHeader::NotDicom;
        if (s.rows <= 0 || s.cols <= 0) return DicomHeader::NoImage;
        s.series_uid = text_of(f, ds, 0x0020, 0x000e);
        s.description = text_of(f, ds, 0x0008, 0x103e);
        s.modality = text_of(f, ds, 0x0008, 0x0060);
        s.transfer_syntax = syntax_name(file.GetHeader().GetDataSetTransferSyntax());
        s.frames = std::max(1, int_of(text_of(f, ds, 0x0028, 0x0008), 1));
        s.samples = int_of(text_of(f, ds, 0x0028, 0x0002), 1);
        s.bits_allocated = int_of(text_of(f, ds, 0x0028, 0x0100), 16);
        s.bits_stored = int_of(text_of(f, ds, 0x0028, 0x0101), s.bits_allocated);
        s.is_signed = int_of(text_of(f, ds, 0x0028, 0x0103), 0) == 1;
        s.has_position = numbers_of(text_of(f, ds, 0x0020, 0x0032), &s.position) &&
                         numbers_of(text_of(f, ds, 0x0020, 0x0037), &s.orientation);
        if (!numbers_of(text_of(f, ds, 0x0028, 0x0030), &s.pixel_spacing)) s.pixel_spacing = {1, 1};
        s.slope = double_of(text_of(f, ds, 0x0028, 0x1053), 1);
        s.intercept = double_of(text_of(f, ds, 0x0028, 0x1052), 0);
        if (s.slope == 0) s.slope = 1;
        *out = std::move(s);
        return DicomHeader::Image;
    } catch (...) {
        return marked && !whole ? DicomHeader::NeedWhole : DicomHeader::NotDicom;
    }
}

namespace {

// Stored value v as T into out[i], where T holds it.
template <typename T>
bool put_stored(std::int64_t v, std::size_t i, void* out) {
    if (v < std::int64_t(std::numeric_limits<T>::min()) || v > std::int64_t(std::numeric_limits<T>::max())) return false;
    static_cast<T*>(out)[i] = T(v);
    return true;
}

}  // namespace

bool decode_dicom_slice(const std::uint8_t* data, std::size_t size, const DicomSlice& slice, void* out,
                        std::string* error, std::size_t max_pixels, Stored as, Scaling scaling) {
    if (as != Stored::F32 && (slice.slope != scaling.slope || slice.intercept != scaling.intercept))
        return *error = "its rescale (slope, intercept) is not the series'", false;
    if (slice.rows <= 0 || slice.cols <= 0 || std::size_t(slice.rows) * std::size_t(slice.cols) > max_pixels)
        return *error = "its image of " + std::to_string(slice.cols) + "×" + std::to_string(slice.rows) +
                        " pixels is larger than the " + std::to_string(max_pixels) + " pixels a slice may have", false;
    const AllocationCap cap(cap_for(size, max_pixels * 4));
    try {
        if (slice.transfer_syntax.find("(1.2.840.10008.1.2.5)") != std::string::npos) {  // RLE
            ByteBuffer buffer(data, size);
            std::istream in(&buffer);
            gdcm::Reader check;
            check.SetStream(in);
            if (check.Read() && !rle_frames_sound(check.GetFile()))
                return *error = "its RLE data is damaged (a frame's segment table)", false;
        }
        ByteBuffer buffer(data, size);
        std::istream in(&buffer);
        gdcm::ImageReader reader;
        reader.SetStream(in);
        if (!reader.Read()) return *error = "GDCM cannot read the file as an image", false;
        const gdcm::Image& image = reader.GetImage();
        const unsigned int* d = image.GetDimensions();
        if (int(d[0]) != slice.cols || int(d[1]) != slice.rows || (image.GetNumberOfDimensions() > 2 && d[2] != 1))
            return *error = "its image is not the " + std::to_string(slice.cols) + "×" + std::to_string(slice.rows) +
                            " its header says", false;
        const gdcm::PixelFormat& pf = image.GetPixelFormat();
        if (pf.GetSamplesPerPixel() != 1) return *error = "its pixels are not grey values", false;
        const int bits = pf.GetBitsAllocated();
        if (bits != 8 && bits != 16 && bits != 32) return *error = "its pixels have " + std::to_string(bits) + " bits", false;
        const std::size_t count = std::size_t(slice.cols) * std::size_t(slice.rows);
        const std::size_t length = image.GetBufferLength();
        if (length < count * std::size_t(bits / 8)) return *error = "its pixel data is shorter than its image", false;
        if (length > count * 4 + 1024) return *error = "its pixel data is longer than its image", false;
        std::vector<char> pixels(length);
        if (!image.GetBuffer(pixels.data()))
            return *error = "GDCM cannot decode its pixels (" +
                            syntax_name(reader.GetFile().GetHeader().GetDataSetTransferSyntax()) + ")", false;
        const int stored = std::max(1, std::min<int>(pf.GetBitsStored(), bits));
        const int shift = std::max(0, int(pf.GetHighBit()) + 1 - stored);
        const bool is_signed = pf.GetPixelRepresentation() == 1;
        const std::uint64_t mask = stored >= 32 ? 0xffffffffull : (std::uint64_t(1) << stored) - 1;
        const unsigned char* p = reinterpret_cast<const unsigned char*>(pixels.data());
        for (std::size_t i = 0; i < count; ++i) {
            std::uint64_t raw = 0;
            if (bits == 8) raw = p[i];
            else if (bits == 16) raw = std::uint64_t(p[2 * i]) | std::uint64_t(p[2 * i + 1]) << 8;
            else std::memcpy(&raw, p + 4 * i, 4);  // little endian: wasm and x86
            raw = (raw >> shift) & mask;
            std::int64_t v = std::int64_t(raw);
            if (is_signed && stored < 64 && (raw >> (stored - 1)) & 1) v -= std::int64_t(1) << stored;
            bool held = true;
            switch (as) {
                case Stored::F32: static_cast<float*>(out)[i] = float(double(v) * slice.slope + slice.intercept); break;
                case Stored::U8: held = put_stored<std::uint8_t>(v, i, out); break;
                case Stored::I8: held = put_stored<std::int8_t>(v, i, out); break;
                case Stored::U16: held = put_stored<std::uint16_t>(v, i, out); break;
                case Stored::I16: held = put_stored<std::int16_t>(v, i, out); break;
            }
            if (!held)
                return *error = "a value of " + std::to_string(v) + " is past the series' " + stored_name(as) + " values",
                       false;
        }
        return true;
    } catch (const std::bad_alloc&) {
        return *error = "its data claims more memory than a slice may take", false;
    } catch (const std::exception& e) {
        return *error = std::string("GDCM failed: ") + e.what(), false;
    } catch (...) {
        return *error = "GDCM failed on the file", false;
    }
}

}  // namespace hp

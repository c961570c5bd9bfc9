// DEFLATE's blocks (stored, fixed and dynamic codes; the codes themselves: inflate_codes.h)
// and the gzip and zlib wrappers around them, their checksums checked (inflate.h).
#include "inflate.h"

#include <algorithm>
#include <array>

#include "inflate_codes.h"

namespace hp {
namespace {

using deflate::Bits;
using deflate::Huffman;
using deflate::kDistBase;
using deflate::kDistExtra;
using deflate::kLengthBase;
using deflate::kLengthExtra;

class Inflater {
public:
    Inflater(Bits& in, std::size_t cap, std::vector<std::uint8_t>* out, std::string* error,
             const std::function<void(std::size_t)>& progress)
        : in_(in), cap_(cap), out_(*out), error_(*error), progress_(progress) {}
    // What came out, cut to its size (whatever run() answered).
    ~Inflater() { out_.resize(n_); }

    Inflated run() {
        std::size_t said = 0;
        for (bool last = false; !last;) {
            if (progress_ && n_ >= said + (std::size_t(1) << 20)) progress_(said = n_);
            std::uint32_t header = 0;
            if (!in_.take(3, &header)) return fail("the compressed data ends inside a block header");
            last = header & 1;
            const std::uint32_t type = header >> 1;
            Inflated r = type == 0 ? stored() : type == 1 ? fixed() : type == 2 ? dynamic() : fail("a block of unknown type 3");
            if (r != Inflated::Ended) return r;
        }
        return Inflated::Ended;
    }

private:
    Inflated fail(const std::string& why) {
        error_ = "the compressed data is damaged: " + why;
        return Inflated::Failed;
    }

    // Room for the next byte out: the vector grows a MiB at a time as data comes out (its
    // capacity was reserved once, inflate()), never past cap_; false when cap_ bytes came out.
    bool grow() {
        if (end_ >= cap_) return false;
        end_ = std::min(cap_, end_ + (std::size_t(1) << 20));
        out_.resize(end_);
        buf_ = out_.data();
        return true;
    }

    Inflated stored() {
        in_.to_byte();
        std::uint32_t len = 0, nlen = 0;
        if (!in_.take(16, &len) || !in_.take(16, &nlen)) return fail("it ends inside a stored block's length");
        if ((len ^ 0xffffu) != nlen) return fail("a stored block's length does not match its complement");
        for (std::uint32_t i = 0; i < len; ++i) {
            std::uint32_t b = 0;
            if (!in_.take(8, &b)) return fail("it ends inside a stored block");
            if (n_ == end_ && !grow()) return Inflated::Capped;
            buf_[n_++] = std::uint8_t(b);
        }
        return Inflated::Ended;
    }

    Inflated fixed() {
        std::array<std::uint8_t, 320> l{};
        for (int i = 0; i < 288; ++i) l[std::size_t(i)] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
        for (int i = 0; i < 30; ++i) l[std::size_t(288 + i)] = 5;
        lit_.build(l.data(), 288);
        dist_.build(l.data() + 288, 30);
        return codes();
    }

    Inflated dynamic() {
        std::uint32_t hlit = 0, hdist = 0, hclen = 0;
        if (!in_.take(5, &hlit) || !in_.take(5, &hdist) || !in_.take(4, &hclen))
            return fail("it ends inside a block's code lengths");
        hlit += 257, hdist += 1, hclen += 4;
        if (hlit > 286 || hdist > 30) return fail("a block names more codes than DEFLATE has");
        static constexpr std::array<int, 19> kOrder = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
        std::array<std::uint8_t, 19> cl{};
        for (std::uint32_t i = 0; i < hclen; ++i) {
            std::uint32_t v = 0;
            if (!in_.take(3, &v)) return fail("it ends inside a block's code lengths");
            cl[std::size_t(kOrder[i])] = std::uint8_t(v);
        }
        Huffman code_lengths;
        if (!code_lengths.build(cl.data(), 19)) return fail("a block's code-length code is not a code");
        std::array<std::uint8_t, 320> l{};
        for (std::uint32_t i = 0; i < hlit + hdist;) {
            const int sym = code_lengths.decode(in_);
            if (sym < 0) return fail("a code length that no code starts");
            if (sym < 16) {
                l[i++] = std::uint8_t(sym);
                continue;
            }
            std::uint32_t repeat = 0, value = 0;
            if (sym == 16) {
                if (i == 0) return fail("a repeat with nothing before it");
                value = l[i - 1];
                if (!in_.take(2, &repeat)) return fail("it ends inside a repeat");
                repeat += 3;
            } else {
                if (!in_.take(sym == 17 ? 3 : 7, &repeat)) return fail("it ends inside a repeat");
                repeat += sym == 17 ? 3 : 11;
            }
            if (i + repeat > hlit + hdist) return fail("a repeat past the code lengths");
            while (repeat--) l[i++] = std::uint8_t(value);
        }
        if (l[256] == 0) return fail("a block without an end code");
        if (!lit_.build(l.data(), int(hlit)) || !dist_.build(l.data() + hlit, int(hdist)))
            return fail("a block's codes are not codes");
        return codes();
    }

    // The literals and matches of a block: bytes written through a pointer (the time of a
    // large .nii.gz's read is spent here).
    Inflated codes() {
        for (;;) {
            const int sym = lit_.decode(in_);
            if (sym < 0) return fail("a literal or length that no code starts");
            if (sym < 256) {
                if (n_ == end_ && !grow()) return Inflated::Capped;
                buf_[n_++] = std::uint8_t(sym);
                continue;
            }
            if (sym == 256) return Inflated::Ended;
            const int li = sym - 257;
            if (li >= 29) return fail("a length code past 285");
            std::uint32_t extra = 0;
            if (!in_.take(kLengthExtra[std::size_t(li)], &extra)) return fail("it ends inside a length");
            const std::size_t len = kLengthBase[std::size_t(li)] + extra;
            const int di = dist_.decode(in_);
            if (di < 0 || di >= 30) return fail("a distance that no code starts");
            if (!in_.take(kDistExtra[std::size_t(di)], &extra)) return fail("it ends inside a distance");
            const std::size_t dist = kDistBase[std::size_t(di)] + extra;
            if (dist > n_) return fail("a distance back past the start of the data");
            if (n_ + len <= end_) {  // byte by byte: a match may overlap what it copies
                std::uint8_t* to = buf_ + n_;
                const std::uint8_t* from = to - dist;
                for (std::size_t k = 0; k < len; ++k) to[k] = from[k];
                n_ += len;
                continue;
            }
            for (std::size_t k = 0; k < len; ++k) {
                if (n_ == end_ && !grow()) return Inflated::Capped;
                buf_[n_] = buf_[n_ - dist];
                ++n_;
            }
        }
    }

    Bits& in_;
    std::size_t cap_;
    std::vector<std::uint8_t>& out_;
    std::string& error_;
    const std::function<void(std::size_t)>& progress_;
    std::uint8_t* buf_ = nullptr;  // out_.data(): out_[0, end_) is there, [0, n_) came out
    std::size_t n_ = 0, end_ = 0;
    Huffman lit_, dist_;
};

std::uint32_t adler32(const std::vector<std::uint8_t>& data) {
    std::uint32_t a = 1, b = 0;
    for (std::size_t i = 0; i < data.size();) {
        const std::size_t end = std::min(data.size(), i + 5552);  // no overflow before the modulo
        for (; i < end; ++i) b += a += data[i];
        a %= 65521, b %= 65521;
    }
    return b << 16 | a;
}

std::uint32_t le32(const std::uint8_t* p) { return p[0] | p[1] << 8 | p[2] << 16 | std::uint32_t(p[3]) << 24; }

// The byte where a gzip member's DEFLATE data starts (RFC 1952's header), or 0.
std::size_t gzip_start(const std::uint8_t* d, std::size_t n, std::string* error) {
    if (n < 18 || d[0] != 0x1f || d[1] != 0x8b || d[2] != 8) return *error = "not a gzip stream", 0;
    const std::uint8_t flags = d[3];
    std::size_t at = 10;
    if (flags & 4) {  // FEXTRA
        if (at + 2 > n) return *error = "the gzip header is cut short", 0;
        at += 2 + (d[at] | d[at + 1] << 8);
    }
    for (std::uint8_t bit : {std::uint8_t(8), std::uint8_t(16)})  // FNAME, FCOMMENT: zero-terminated
        if (flags & bit) {
            while (at < n && d[at] != 0) ++at;
            ++at;
        }
    if (flags & 2) at += 2;  // FHCRC
    if (at >= n) return *error = "the gzip header is cut short", 0;
    return at;
}

}  // namespace

std::uint32_t crc32(const std::uint8_t* data, std::size_t size) {
    static const auto table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t n = 0; n < 256; ++n) {
            std::uint32_t c = n;
            for (int k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    std::uint32_t c = 0xffffffffu;
    for (std::size_t i = 0; i < size; ++i) c = table[(c ^ data[i]) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

Inflated inflate(const std::uint8_t* data, std::size_t size, Wrapper wrapper, std::size_t cap,
                 std::vector<std::uint8_t>* out, std::string* error, const std::function<void(std::size_t)>& progress) {
    out->clear();
    std::size_t start = 0;
    if (wrapper == Wrapper::Gzip) {
        if ((start = gzip_start(data, size, error)) == 0) return Inflated::Failed;
    } else {
        if (size < 6 || (data[0] & 15) != 8 || ((data[0] << 8) | data[1]) % 31 != 0 || (data[1] & 32)) {
            *error = "the compressed data is not a zlib stream";
            return Inflated::Failed;
        }
        start = 2;
    }
    // Room for what the stream can hold, taken once: DEFLATE gives at most 1032 bytes a byte of
    // input (258 a 2-bit match), so a small file claiming much reserves little, and a real one
    // inflates without the vector's doubling (which would hold twice the data at its last step).
    out->reserve(std::size_t(std::min<std::uint64_t>(cap, std::uint64_t(size - start) * 1032)));
    Bits bits(data + start, size - start);
    const Inflated r = Inflater(bits, cap, out, error, progress).run();  // *out cut to what came out
    if (r != Inflated::Ended) return r;
    bits.to_byte();
    const std::size_t tail = start + bits.byte_position();  // the checksum follows the last block
    if (wrapper == Wrapper::Gzip) {
        if (tail + 8 > size) return *error = "the gzip stream is cut short before its checksum", Inflated::Failed;
        if (le32(data + tail) != crc32(out->data(), out->size()) || le32(data + tail + 4) != std::uint32_t(out->size()))
            return *error = "the gzip stream's checksum does not match its data", Inflated::Failed;
    } else {
        if (tail + 4 > size) return *error = "the zlib stream is cut short before its checksum", Inflated::Failed;
        const std::uint8_t* a = data + tail;
        if ((std::uint32_t(a[0]) << 24 | a[1] << 16 | a[2] << 8 | a[3]) != adler32(*out))
            return *error = "the zlib stream's checksum does not match its data", Inflated::Failed;
    }
    return Inflated::Ended;
}

}  // namespace hp

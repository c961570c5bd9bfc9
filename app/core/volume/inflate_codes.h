// DEFLATE's codes (RFC 1951), for inflate.cpp: the input read least significant bit first,
// canonical Huffman codes as lookup tables, and the base values and extra bits of the length
// and distance codes. The blocks and the gzip / zlib wrappers: inflate.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace hp::deflate {

// The input, read least significant bit first (DEFLATE's bit order).
class Bits {
public:
    Bits(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    // n ≤ 24 bits; false past the end of the input.
    bool need(int n) {
        while (count_ < n) {
            if (at_ == size_) return false;
            buffer_ |= std::uint64_t(data_[at_++]) << count_;
            count_ += 8;
        }
        return true;
    }
    std::uint32_t peek(int n) const { return std::uint32_t(buffer_ & ((std::uint64_t(1) << n) - 1)); }
    void drop(int n) {
        buffer_ >>= n;
        count_ -= n;
    }
    bool take(int n, std::uint32_t* v) {
        if (!need(n)) return false;
        *v = peek(n);
        drop(n);
        return true;
    }
    // Available bits, up to `n`, for a Huffman lookup near the end of the input.
    int fill(int n) {
        while (count_ < n && at_ < size_) {
            buffer_ |= std::uint64_t(data_[at_++]) << count_;
            count_ += 8;
        }
        return count_ < n ? count_ : n;
    }
    void to_byte() { drop(count_ % 8); }
    // The byte position after what has been consumed (whole bytes held in the buffer returned).
    std::size_t byte_position() const { return at_ - std::size_t(count_ / 8); }

private:
    const std::uint8_t* data_;
    std::size_t size_, at_ = 0;
    std::uint64_t buffer_ = 0;
    int count_ = 0;
};

constexpr int kMaxBits = 15;

// A canonical Huffman code as a lookup table on the next 15 bits (reversed, as DEFLATE packs
// codes): entry = length << 9 | symbol, 0 for bit patterns no code starts.
class Huffman {
public:
    bool build(const std::uint8_t* lengths, int n) {
        std::array<int, kMaxBits + 1> count{};
        for (int i = 0; i < n; ++i) ++count[lengths[i]];
        count[0] = 0;
        int left = 1;  // over-subscribed sets of lengths are not a code
        for (int len = 1; len <= kMaxBits; ++len) {
            left = left * 2 - count[std::size_t(len)];
            if (left < 0) return false;
        }
        std::array<int, kMaxBits + 2> next{};
        for (int len = 1; len <= kMaxBits; ++len) next[std::size_t(len + 1)] = (next[std::size_t(len)] + count[std::size_t(len)]) << 1;
        table_.fill(0);
        for (int sym = 0; sym < n; ++sym) {
            const int len = lengths[sym];
            if (len == 0) continue;
            const int code = next[std::size_t(len)]++;
            int reversed = 0;
            for (int b = 0; b < len; ++b) reversed |= ((code >> b) & 1) << (len - 1 - b);
            for (int k = reversed; k < (1 << kMaxBits); k += 1 << len)
                table_[std::size_t(k)] = std::uint16_t(len << 9 | sym);
        }
        return true;
    }
    // The next symbol, or -1 for a pattern no code starts or an input that ended.
    int decode(Bits& in) const {
        const int have = in.fill(kMaxBits);
        const std::uint16_t e = table_[in.peek(have)];
        const int len = e >> 9;
        if (len == 0 || len > have) return -1;
        in.drop(len);
        return e & 511;
    }

private:
    std::array<std::uint16_t, 1 << kMaxBits> table_{};
};

constexpr std::array<std::uint16_t, 29> kLengthBase = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                                       31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<std::uint8_t, 29> kLengthExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                       2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<std::uint16_t, 30> kDistBase = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,
                                                     33,  49,  65,  97,  129, 193,  257,  385,  513,  769,
                                                     1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<std::uint8_t, 30> kDistExtra = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                                     6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

}  // namespace hp::deflate

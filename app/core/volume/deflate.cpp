#include "deflate.h"

#include <algorithm>

#include "inflate_codes.h"

namespace hp {
namespace {

// The output, written least significant bit first (DEFLATE's bit order); Huffman codes go in
// most significant bit first, so they are reversed on the way in.
class BitWriter {
public:
    explicit BitWriter(std::vector<std::uint8_t>* out) : out_(out) {}
    void put(std::uint32_t value, int bits) {
        buffer_ |= std::uint64_t(value) << count_;
        count_ += bits;
        while (count_ >= 8) out_->push_back(std::uint8_t(buffer_)), buffer_ >>= 8, count_ -= 8;
    }
    void code(std::uint32_t code, int bits) {
        std::uint32_t reversed = 0;
        for (int i = 0; i < bits; ++i) reversed |= ((code >> i) & 1u) << (bits - 1 - i);
        put(reversed, bits);
    }
    void flush() {
        if (count_ > 0) out_->push_back(std::uint8_t(buffer_));
        buffer_ = 0, count_ = 0;
    }

private:
    std::vector<std::uint8_t>* out_;
    std::uint64_t buffer_ = 0;
    int count_ = 0;
};

// The fixed literal/length code (RFC 1951, 3.2.6).
void literal(BitWriter* w, std::uint32_t symbol) {
    if (symbol < 144) w->code(0x30 + symbol, 8);
    else if (symbol < 256) w->code(0x190 + symbol - 144, 9);
    else if (symbol < 280) w->code(symbol - 256, 7);
    else w->code(0xc0 + symbol - 280, 8);
}

void match(BitWriter* w, std::uint32_t length, std::uint32_t distance) {
    using namespace deflate;
    std::size_t l = std::size_t(std::upper_bound(kLengthBase.begin(), kLengthBase.end(), length) - kLengthBase.begin()) - 1;
    literal(w, 257 + std::uint32_t(l));
    w->put(length - kLengthBase[l], kLengthExtra[l]);
    std::size_t d = std::size_t(std::upper_bound(kDistBase.begin(), kDistBase.end(), distance) - kDistBase.begin()) - 1;
    w->code(std::uint32_t(d), 5);
    w->put(distance - kDistBase[d], kDistExtra[d]);
}

constexpr std::size_t kWindow = 32768, kMinMatch = 3, kMaxMatch = 258;
constexpr int kHashBits = 15, kChainDepth = 16;

std::uint32_t hash3(const std::uint8_t* p) {
    return ((std::uint32_t(p[0]) << 16 | std::uint32_t(p[1]) << 8 | p[2]) * 2654435761u) >> (32 - kHashBits);
}

}  // namespace

std::vector<std::uint8_t> deflate_raw(const std::uint8_t* data, std::size_t size) {
    std::vector<std::uint8_t> out;
    out.reserve(size / 3 + 64);
    BitWriter w(&out);
    w.put(1, 1);  // the final block
    w.put(1, 2);  // fixed Huffman codes
    // head[h]: the newest position whose next three bytes hash to h; prev[i % window]: the one
    // before it with the same hash (positions + 1; 0: none).
    std::vector<std::uint32_t> head(std::size_t(1) << kHashBits, 0), prev(kWindow, 0);
    const auto insert = [&](std::size_t i) {
        const std::uint32_t h = hash3(data + i);
        prev[i % kWindow] = head[h];
        head[h] = std::uint32_t(i + 1);
    };
    std::size_t i = 0;
    while (i < size) {
        std::size_t best = 0, from = 0;
        if (i + kMinMatch <= size) {
            const std::size_t limit = std::min(kMaxMatch, size - i);
            std::uint32_t candidate = head[hash3(data + i)];
            for (int depth = 0; candidate && depth < kChainDepth; ++depth) {
                const std::size_t c = candidate - 1;
                if (i - c > kWindow - 1) break;  // past the window (the chain only grows older)
                if (data[c + best] == data[i + best]) {
                    std::size_t n = 0;
                    while (n < limit && data[c + n] == data[i + n]) ++n;
                    if (n > best) best = n, from = c;
                    if (n == limit) break;
                }
                const std::uint32_t older = prev[c % kWindow];
                if (older >= candidate) break;  // a slot the window has since reused
                candidate = older;
            }
        }
        if (best >= kMinMatch) {
            match(&w, std::uint32_t(best), std::uint32_t(i - from));
            for (std::size_t k = 0; k < best; ++k, ++i)
                if (i + kMinMatch <= size) insert(i);
        } else {
            literal(&w, data[i]);
            if (i + kMinMatch <= size) insert(i);
            ++i;
        }
    }
    literal(&w, 256);  // the end of the block
    w.flush();
    return out;
}

}  // namespace hp

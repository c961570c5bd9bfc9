// Bytes for the readers' tests: a file's text as its bytes, and two files' bytes one after
// the other.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hp {

using Bytes = std::vector<std::uint8_t>;

inline Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }
inline Bytes operator+(Bytes a, const Bytes& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

}  // namespace hp

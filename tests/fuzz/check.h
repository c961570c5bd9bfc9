// The harnesses' invariant check: a broken one aborts with its name (a finding for libFuzzer).
#pragma once

#include <cstdio>
#include <cstdlib>

inline void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "invariant broken: %s\n", what);
        std::abort();
    }
}

// The bricked surface's benchmark (bench_native --bricks): see bench_bricks.cpp.
#pragma once

#include <vector>

namespace hp {
int bench_bricks(const char* file, const std::vector<float>& isos, double pool_mb);
}

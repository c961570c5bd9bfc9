// The surface stages' benchmark (bench_native --surface): see bench_surface.cpp.
#pragma once

namespace hp {
int bench_surface(bool quick);
}

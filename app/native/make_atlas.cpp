// Writes the demo's shipped PNG slice atlas: a 64³ "scanned-like" phantom (a skull-like
// ellipsoid shell, soft tissue inside, two ventricles and a little acquisition noise) stored
// as 64 slices of 64² in a 512² 8-bit grey PNG. Deterministic: the same bytes every run.
//   make_atlas OUT.png
#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>

#include "atlas_layout.h"
#include "png_atlas.h"

namespace {

float smooth_box(float d, float edge) { return 1.0f / (1.0f + std::exp(d / edge)); }

float phantom(float x, float y, float z) {  // p in [-1,1]³
    const float r = std::sqrt(x * x / 0.72f + y * y / 0.9f + z * z / 0.78f);
    const float skull = smooth_box(std::fabs(r - 0.86f) - 0.06f, 0.015f);       // bone shell
    const float inside = smooth_box(r - 0.8f, 0.02f);                           // soft tissue
    auto blob = [](float dx, float dy, float dz, float rad) {
        return smooth_box(std::sqrt(dx * dx + dy * dy + dz * dz) - rad, 0.02f);
    };
    const float ventricles = blob(x - 0.18f, y + 0.05f, z, 0.16f) + blob(x + 0.18f, y + 0.05f, z, 0.16f);
    const float ridges = 0.06f * std::sin(9.0f * x) * std::sin(7.0f * y + 1.0f) * std::sin(8.0f * z);
    return 0.05f + 0.9f * skull + inside * (0.32f + ridges - 0.22f * ventricles);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_atlas OUT.png\n");
        return 2;
    }
    const hp::AtlasLayout l{512, 64};
    std::vector<float> atlas(std::size_t(l.texel_count()), 0.0f);
    std::mt19937 rng(1234);
    std::normal_distribution<float> noise(0.0f, 0.012f);
    for (int z = 0; z < l.dims[0]; ++z)
        for (int y = 0; y < l.dims[0]; ++y)
            for (int x = 0; x < l.dims[0]; ++x) {
                auto c = [&](int i) { return (float(i) + 0.5f) / float(l.dims[0]) * 2.0f - 1.0f; };
                const hp::Texel t = l.texel_of({x, y, z});
                atlas[std::size_t(t.y) * l.atlas + t.x] =
                    std::fmin(1.0f, std::fmax(0.0f, phantom(c(x), c(y), c(z)) + noise(rng)));
            }
    const auto png = hp::encode_png(atlas, l.atlas, l.atlas, 1, 8);
    std::ofstream(argv[1], std::ios::binary).write(reinterpret_cast<const char*>(png.data()),
                                                  std::streamsize(png.size()));
    std::printf("%s: %dx%d, tile %d, %zu bytes\n", argv[1], l.atlas, l.atlas, l.dims[0], png.size());
    return 0;
}

#include "crop_box.h"

#include <cmath>
#include <cstddef>

#include "cpu_reference.h"

namespace hp {

float crop_background(Classify mode, float iso, const std::array<float, 2>& range) {
    if (mode == Classify::Labels) return 0;
    const float span = range[1] > range[0] ? range[1] - range[0] : 1.0f;
    const float below = iso - span;
    return below < iso ? below : std::nextafter(iso, -INFINITY);  // a span lost to iso's magnitude
}

void crop_atlas(const AtlasLayout& layout, float* atlas, const CropBox& box, float background) {
    const std::array<int, 3>& d = layout.dims;
    if (box.whole(d)) return;
    for (int z = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x) {
                if (box.contains(x, y, z)) continue;
                const Texel t = layout.texel_of({x, y, z});
                atlas[std::size_t(t.y) * std::size_t(layout.atlas) + std::size_t(t.x)] = background;
            }
}

}  // namespace hp

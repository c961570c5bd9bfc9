#include "cpu_reference.h"

#include <algorithm>

#include "label_faces.h"
#include "morton.h"

namespace hp {
int cell_case(const AtlasLayout& l, const float* atlas, Voxel v, float iso) {
    int c = 0;
    for (int i = 0; i < 8; ++i) {
        const Voxel corner = {v.x + kCellCorners[i].x, v.y + kCellCorners[i].y,
                              v.z + kCellCorners[i].z};
        if (atlas_value(l, atlas, corner) < iso) c |= 1 << i;
    }
    return c;
}

float label_at(const AtlasLayout& l, const float* atlas, int x, int y, int z) {
    if (x < 0 || y < 0 || z < 0 || x >= l.dims[0] || y >= l.dims[1] || z >= l.dims[2]) return 0.0f;
    return atlas_value(l, atlas, {x, y, z});
}

int label_faces(const AtlasLayout& l, const float* atlas, Voxel v) {
    return labels::faces([&](int x, int y, int z) { return label_at(l, atlas, x, y, z); }, v.x, v.y, v.z);
}

bool is_active(const AtlasLayout& l, const float* atlas, Voxel v, Classify mode, float iso) {
    if (mode == Classify::Labels) return label_faces(l, atlas, v) != 0;
    if (mode == Classify::Solid) return atlas_value(l, atlas, v) >= iso;
    if (v.x >= l.dims[0] - 1 || v.y >= l.dims[1] - 1 || v.z >= l.dims[2] - 1) return false;
    const int c = cell_case(l, atlas, v, iso);
    return c != 0 && c != 255;
}

std::vector<std::uint8_t> classify(const AtlasLayout& l, const float* atlas, Classify mode,
                                   float iso) {
    std::vector<std::uint8_t> base(std::size_t(l.texel_count()), 0);
    for (int y = 0; y < l.volume_rows(); ++y) {
        for (int x = 0; x < l.atlas; ++x) {
            Voxel v;
            if (l.voxel_of({x, y}, &v) && is_active(l, atlas, v, mode, iso))
                base[std::size_t(y) * l.atlas + x] = 1;
        }
    }
    return base;
}

ScalarPyramid build_scalar_pyramid(const std::vector<std::uint8_t>& base, int size) {
    ScalarPyramid levels;
    std::vector<std::uint32_t> below(base.begin(), base.end());
    for (int s = size / 2; s >= 1; s /= 2) {
        std::vector<std::uint32_t> level(std::size_t(s) * s);
        const int w = s * 2;
        for (int y = 0; y < s; ++y)
            for (int x = 0; x < s; ++x) {
                const std::size_t i = std::size_t(2 * y) * w + 2 * x;
                level[std::size_t(y) * s + x] = below[i] + below[i + 1] + below[i + w] +
                                                below[i + w + 1];
            }
        levels.push_back(level);
        below = std::move(level);
    }
    return levels;
}

Vec4Pyramid build_vec4_pyramid(const std::vector<std::uint8_t>& base, int size) {
    Vec4Pyramid levels;
    std::vector<std::uint32_t> below(base.begin(), base.end());  // child totals
    for (int s = size / 2; s >= 1; s /= 2) {
        std::vector<std::array<std::uint32_t, 4>> level(std::size_t(s) * s);
        std::vector<std::uint32_t> totals(std::size_t(s) * s);
        const int w = s * 2;
        for (int y = 0; y < s; ++y)
            for (int x = 0; x < s; ++x) {
                const std::size_t i = std::size_t(2 * y) * w + 2 * x;
                const std::uint32_t a = below[i], b = below[i + 1], c = below[i + w],
                                    d = below[i + w + 1];
                level[std::size_t(y) * s + x] = {a, a + b, a + b + c, a + b + c + d};
                totals[std::size_t(y) * s + x] = a + b + c + d;
            }
        levels.push_back(std::move(level));
        below = std::move(totals);
    }
    return levels;
}

std::uint32_t pyramid_total(const ScalarPyramid& p) { return p.empty() ? 0 : p.back()[0]; }
std::uint32_t pyramid_total(const Vec4Pyramid& p) { return p.empty() ? 0 : p.back()[0][3]; }

namespace {

// Picks the child of a texel whose key range holds `key`, given the children's inclusive
// partial sums (the fourth need not be read: a key below the parent's total that is past the
// first three ranges lies in the fourth).
int pick_child(std::uint32_t key, std::uint32_t ab0, std::uint32_t ab1, std::uint32_t ab2,
               std::uint32_t* start) {
    const int child = int(key >= *start + ab0) + int(key >= *start + ab1) +
                      int(key >= *start + ab2);
    const std::uint32_t before[4] = {0, ab0, ab1, ab2};
    *start += before[child];
    return child;
}

}  // namespace

Texel traverse(const ScalarPyramid& p, const std::vector<std::uint8_t>& base, int size,
               std::uint32_t key) {
    int x = 0, y = 0;
    std::uint32_t start = 0;
    const int levels = int(p.size());
    // From the top texel down: at each step look at the four children one level below.
    for (int k = levels - 2; k >= -1; --k) {
        const int s = k >= 0 ? (size >> (k + 1)) : size;
        auto at = [&](int cx, int cy) -> std::uint32_t {
            const std::size_t i = std::size_t(cy) * s + cx;
            return k >= 0 ? p[std::size_t(k)][i] : base[i];
        };
        const int cx = 2 * x, cy = 2 * y;
        const std::uint32_t a = at(cx, cy), b = at(cx + 1, cy), c = at(cx, cy + 1);
        const int child = pick_child(key, a, a + b, a + b + c, &start);
        x = cx + (child & 1);
        y = cy + (child >> 1);
    }
    return {x, y};
}

Texel traverse(const Vec4Pyramid& p, int /*size*/, std::uint32_t key) {
    int x = 0, y = 0;
    std::uint32_t start = 0;
    for (int k = int(p.size()) - 1; k >= 0; --k) {
        const int s = 1 << (int(p.size()) - 1 - k);
        const auto& sums = p[std::size_t(k)][std::size_t(y) * s + x];
        const int child = pick_child(key, sums[0], sums[1], sums[2], &start);
        x = 2 * x + (child & 1);
        y = 2 * y + (child >> 1);
    }
    return {x, y};
}

std::vector<Texel> active_texels_morton(const std::vector<std::uint8_t>& base, int size) {
    std::vector<Texel> out;
    const std::uint64_t n = std::uint64_t(size) * size;
    for (std::uint64_t m = 0; m < n; ++m) {
        std::uint32_t x, y;
        morton_decode(m, &x, &y);
        if (base[std::size_t(y) * size + x]) out.push_back({int(x), int(y)});
    }
    return out;
}

StreamEntry stream_entry(const AtlasLayout& l, const float* atlas, Texel t, Classify mode,
                         float iso) {
    Voxel v{};
    l.voxel_of(t, &v);
    const float w = mode == Classify::Surface ? float(cell_case(l, atlas, v, iso))
                                              : atlas_value(l, atlas, v);
    return {float(v.x), float(v.y), float(v.z), w};
}

std::vector<StreamEntry> reference_stream(const AtlasLayout& l, const float* atlas,
                                          Classify mode, float iso, std::uint32_t limit) {
    const auto base = classify(l, atlas, mode, iso);
    const auto texels = active_texels_morton(base, l.atlas);
    const std::size_t n = std::min<std::size_t>(texels.size(), limit);
    std::vector<StreamEntry> out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        out.push_back(stream_entry(l, atlas, texels[i], mode, iso));
    return out;
}

}  // namespace hp

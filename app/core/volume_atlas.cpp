#include "volume_atlas.h"

#include <algorithm>
#include <cstring>

namespace hp {

std::string AtlasLimit::ways_for(int needed) const {
    std::string out;
    for (const Way& w : ways)
        if (w.atlas >= needed) out += (out.empty() ? "" : ", ") + w.text;
    return out;
}

AtlasLimit atlas_limit(Pyramid pyramid, Format sums, int max_texture_size) {
    const auto sq = [](int s) { return std::to_string(s) + "²"; };
    const AtlasLimit::Way webgpu{"the WebGPU modes hold up to " + sq(kMaxComputeAtlas), kMaxComputeAtlas};
    if (is_webgpu(pyramid)) return {kMaxComputeAtlas, "the WebGPU modes' largest, 512³", {}};
    // The GPU's largest texture, as a power of two (atlases are).
    int gpu = kMaxComputeAtlas;
    while (max_texture_size > 0 && gpu > max_texture_size) gpu /= 2;
    const bool exact = sums == Format::Uint && pyramid != Pyramid::Baseline;
    if (exact || gpu < kMaxGlAtlas) {
        if (gpu >= kMaxComputeAtlas) return {gpu, "WebGL2's largest, 512³", {}};
        return {gpu, "this GPU's largest texture", {webgpu}};
    }
    // Float sums: exact up to 2^24 keys. Where the GPU holds more, uint sums go on.
    AtlasLimit l{kMaxGlAtlas, "WebGL2's largest with float sums, where they stay exact", {}};
    if (gpu > kMaxGlAtlas)
        l.ways.push_back({(pyramid == Pyramid::Baseline ? "the scalar and vec4 pyramids with sums=uint hold up to "
                                                        : "sums=uint holds up to ") +
                              sq(gpu) + " here",
                          gpu});
    l.ways.push_back(webgpu);
    return l;
}

bool volume_layout(const std::array<int, 3>& dims, const AtlasLimit& limit, AtlasLayout* out, std::string* error) {
    const AtlasLayout l = layout_for_dims(dims, kMinVolumeAtlas);
    const std::string size = std::to_string(dims[0]) + "×" + std::to_string(dims[1]) + "×" + std::to_string(dims[2]);
    if (!AtlasLayout(l.atlas, dims).valid(error)) return false;  // an axis below 2 voxels
    if (l.atlas > limit.atlas) {
        const std::string ways = limit.ways_for(l.atlas);
        *error = "a " + size + " volume needs a " + std::to_string(l.atlas) + "² slice atlas; the largest here is " +
                 std::to_string(limit.atlas) + "² (" + limit.what + ")" + (ways.empty() ? "" : ": " + ways);
        return false;
    }
    *out = l;
    return true;
}

void for_each_tile_row(const Volume& v, const AtlasLayout& l,
                       const std::function<void(int first_row, int rows, const float* band)>& put) {
    const int s = l.atlas, w = l.tile_w(), h = l.tile_h(), t = l.tiles_per_row();
    const std::size_t x_size = std::size_t(v.dims[0]), slice = x_size * std::size_t(v.dims[1]);
    std::vector<float> band(std::size_t(s) * std::size_t(h));
    for (int z0 = 0; z0 < v.dims[2]; z0 += t) {
        std::fill(band.begin(), band.end(), 0.0f);
        for (int z = z0; z < std::min(z0 + t, v.dims[2]); ++z)
            for (int y = 0; y < v.dims[1]; ++y)
                v.values.read(std::size_t(z) * slice + std::size_t(y) * x_size, x_size,
                              &band[std::size_t(y) * std::size_t(s) + std::size_t(w) * std::size_t(z - z0)]);
        put(z0 / t * h, h, band.data());
    }
}

std::string every_fth_voxel(int f) {
    const int tens = f % 100 / 10, ones = f % 10;
    const char* th = tens == 1 || ones > 3 || ones == 0 ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : "rd";
    return "every " + std::to_string(f) + th + " voxel";
}

std::vector<float> volume_atlas(const Volume& v, const AtlasLayout& l) {
    std::vector<float> atlas(std::size_t(l.texel_count()), 0.0f);
    for_each_tile_row(v, l, [&](int first, int rows, const float* band) {
        std::copy_n(band, std::size_t(rows) * std::size_t(l.atlas), &atlas[std::size_t(first) * std::size_t(l.atlas)]);
    });
    return atlas;
}

}  // namespace hp

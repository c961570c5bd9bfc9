#include "volume_atlas.h"

#include <algorithm>
#include <cstring>

namespace hp {

AtlasLimit atlas_limit(bool compute, int max_texture_size) {
    if (compute) return {kMaxComputeAtlas, "the WebGPU modes' largest, 512³", ""};
    AtlasLimit l;
    if (max_texture_size > 0 && max_texture_size < kMaxGlAtlas) {
        l.atlas = max_texture_size;
        l.what = "this GPU's largest texture";
    }
    return l;
}

bool volume_layout(const std::array<int, 3>& dims, const AtlasLimit& limit, AtlasLayout* out, std::string* error) {
    const AtlasLayout l = layout_for_dims(dims, kMinVolumeAtlas);
    const std::string size = std::to_string(dims[0]) + "×" + std::to_string(dims[1]) + "×" + std::to_string(dims[2]);
    if (!AtlasLayout(l.atlas, dims).valid(error)) return false;  // an axis below 2 voxels
    if (l.atlas > limit.atlas) {
        *error = "a " + size + " volume needs a " + std::to_string(l.atlas) + "² slice atlas; the largest here is " +
                 std::to_string(limit.atlas) + "² (" + limit.what + "): load it downsampled by 2 (downsample: 2)" +
                 (limit.beyond.empty() || l.atlas > kMaxComputeAtlas ? "" : "; " + limit.beyond);
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
                std::memcpy(&band[std::size_t(y) * std::size_t(s) + std::size_t(w) * std::size_t(z - z0)],
                            &v.values[std::size_t(z) * slice + std::size_t(y) * x_size], x_size * sizeof(float));
        put(z0 / t * h, h, band.data());
    }
}

std::vector<float> volume_atlas(const Volume& v, const AtlasLayout& l) {
    std::vector<float> atlas(std::size_t(l.texel_count()), 0.0f);
    for_each_tile_row(v, l, [&](int first, int rows, const float* band) {
        std::copy_n(band, std::size_t(rows) * std::size_t(l.atlas), &atlas[std::size_t(first) * std::size_t(l.atlas)]);
    });
    return atlas;
}

}  // namespace hp

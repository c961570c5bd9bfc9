#include "atlas_layout.h"

namespace hp {

bool is_power_of_two(std::int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

int log2_exact(std::int64_t v) {
    int l = 0;
    while ((std::int64_t(1) << l) < v) ++l;
    return l;
}

int next_power_of_two(int v) {
    int p = 1;
    while (p < v && p < (1 << 30)) p *= 2;
    return p;
}

int AtlasLayout::levels() const { return log2_exact(atlas); }

bool AtlasLayout::valid(std::string* error) const {
    auto fail = [&](std::string why) {
        if (error) *error = std::move(why);
        return false;
    };
    if (!is_power_of_two(atlas) || atlas < 2)
        return fail("atlas size " + std::to_string(atlas) + " is not a power of two");
    const std::string size = std::to_string(dims[0]) + "×" + std::to_string(dims[1]) + "×" + std::to_string(dims[2]);
    for (int d : dims)
        if (d < 2) return fail("a " + size + " volume: each axis needs at least 2 voxels");
    if (tile_w() > atlas || tile_h() > atlas)
        return fail("slices of " + std::to_string(dims[0]) + "×" + std::to_string(dims[1]) + " do not fit in a " +
                    std::to_string(atlas) + "² atlas");
    if (volume_rows() > atlas)
        return fail("a " + std::to_string(atlas) + "² atlas holds " +
                    std::to_string(std::int64_t(tiles_per_row()) * (atlas / tile_h())) + " tiles of " +
                    std::to_string(tile_w()) + "×" + std::to_string(tile_h()) + ", fewer than the " +
                    std::to_string(dims[2]) + " slices of a " + size + " volume");
    return true;
}

AtlasLayout layout_for_volume(int n) { return layout_for_dims({n, n, n}); }

AtlasLayout layout_for_dims(const std::array<int, 3>& dims, int smallest) {
    AtlasLayout l(next_power_of_two(smallest), dims);
    while (l.atlas < (1 << 30) && !l.valid(nullptr)) l.atlas *= 2;
    return l;
}

}  // namespace hp

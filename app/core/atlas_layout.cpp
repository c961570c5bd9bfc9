#include "atlas_layout.h"

namespace hp {

bool is_power_of_two(std::int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

int log2_exact(std::int64_t v) {
    int l = 0;
    while ((std::int64_t(1) << l) < v) ++l;
    return l;
}

int AtlasLayout::levels() const { return log2_exact(atlas); }

bool AtlasLayout::valid(std::string* error) const {
    auto fail = [&](std::string why) {
        if (error) *error = std::move(why);
        return false;
    };
    if (!is_power_of_two(atlas) || atlas < 2)
        return fail("atlas size " + std::to_string(atlas) + " is not a power of two");
    if (!is_power_of_two(volume) || volume < 2)
        return fail("tile size " + std::to_string(volume) + " is not a power of two");
    if (volume > atlas)
        return fail("tile size " + std::to_string(volume) + " is larger than the atlas (" +
                    std::to_string(atlas) + ")");
    const std::int64_t tiles = std::int64_t(tiles_per_row()) * tiles_per_row();
    if (tiles < volume)
        return fail("a " + std::to_string(atlas) + "² atlas holds " + std::to_string(tiles) +
                    " tiles of " + std::to_string(volume) + "², fewer than the " +
                    std::to_string(volume) + " slices of a " + std::to_string(volume) + "³ volume");
    return true;
}

AtlasLayout layout_for_volume(int n) {
    // The smallest power-of-two atlas whose (S/N)² tiles hold N slices.
    int s = n;
    while (std::int64_t(s / n) * (s / n) < n) s *= 2;
    return {s, n};
}

}  // namespace hp

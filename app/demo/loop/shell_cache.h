// The hollow shell a state asks of the loaded volume (shell > 0, classify=surface; hollow.h),
// made when first asked and kept while the volume, iso and shell rows stay the same: a volume of
// its own (a copy of the values, its own generation, so the GPU host uploads it and the mesh
// files' key changes) that Sources::shown gives in the loaded volume's place.
#pragma once

#include <array>
#include <cstdint>
#include <vector>
#include <optional>
#include <string>

#include "hollow.h"
#include "loaded_volume.h"

namespace hp {

// What the last shell made (hp.stats().shell, the overlay).
struct ShellInfo {
    double wall_mm = 0;
    std::size_t cavities = 0, filled = 0, holes = 0;
    double solid_mm3 = 0, material_mm3 = 0;  // voxels inside × a voxel's volume, before and after
    double ms = 0;
    std::vector<std::array<double, 6>> holes_mm;  // each hole's axis, top and bottom end, world mm (the mesh files')
};

class ShellCache {
public:
    // The shell of `loaded` that `s` asks for, or null (none asked, or it could not be made:
    // error() says why until the next ask).
    const LoadedVolume* get(const LoadedVolume& loaded, const DemoState& s);
    const std::string& error() const { return error_; }
    const ShellInfo* info() const { return shell_ ? &info_ : nullptr; }

private:
    std::optional<LoadedVolume> shell_;
    std::string key_, error_;
    ShellInfo info_;
    std::uint64_t made_ = 0;
};

// {wallMm, cavities, filled, holes, solidMm3, materialMm3 (voxel estimates), ms, holeAxesMm:
// [[x0, y0, z0, x1, y1, z1], ...]}, or null.
std::string shell_json(const ShellInfo* info);

// Shells over this many voxels are not made (the shell holds a second copy of the values and
// 12 bytes a voxel while it is made).
inline constexpr std::uint64_t kMaxShellVoxels = std::uint64_t(1) << 26;

}  // namespace hp

#include "shell_cache.h"

#include <cstdio>

#include "clock.h"
#include "crop_box.h"
#include "json_writer.h"

namespace hp {

const LoadedVolume* ShellCache::get(const LoadedVolume& loaded, const DemoState& s) {
    if (!(s.shell > 0) || s.classify != Classify::Surface) return nullptr;
    const CropBox box = crop_of(s, loaded.volume.dims);
    char key[224];
    std::snprintf(key, sizeof key, "%llu %a %a %d %a %d %d %d %d %d %d %d", static_cast<unsigned long long>(loaded.generation),
                  double(s.iso), s.shell, s.drain_holes, s.drain_mm, int(s.print_up), box.lo[0], box.lo[1], box.lo[2],
                  box.hi[0], box.hi[1], box.hi[2]);
    if (key_ == key) return shell_ ? &*shell_ : nullptr;
    key_ = key;
    shell_.reset();
    error_.clear();
    const Volume& v = loaded.volume;
    if (v.count() > kMaxShellVoxels) {
        error_ = "a shell is made of volumes up to " + std::to_string(kMaxShellVoxels) + " voxels; this one has " +
                 std::to_string(v.count()) + ": open it downsampled";
        return nullptr;
    }
    HollowSpec spec;
    spec.wall_mm = s.shell;
    spec.holes = s.drain_holes;
    spec.hole_mm = s.drain_mm;
    spec.up = 2 - int(s.print_up) / 2;  // z, y, x
    spec.up_negative = int(s.print_up) % 2 == 1;
    spec.crop_lo = box.lo, spec.crop_hi = box.hi;  // the cropped solid's shell
    spec.background = crop_background(Classify::Surface, s.iso, {v.lo, v.hi});
    HollowResult r;
    const double t0 = now_ms();
    std::vector<float> made;  // stored integers as floats for the shell's time (it is float32 itself)
    const float* values = v.values.floats();
    if (!values) made = v.values.to_floats(), values = made.data();
    if (!hollow(values, v.dims, v.spacing, s.iso, {v.lo, v.hi}, spec, &r, &error_)) {
        error_ = "no shell: " + error_;
        return nullptr;
    }
    for (float& x : r.values) x = x < v.lo ? v.lo : x > v.hi ? v.hi : x;  // the range the iso control shows
    LoadedVolume out;
    out.volume.dims = v.dims, out.volume.spacing = v.spacing, out.volume.to_world = v.to_world;
    out.volume.lo = v.lo, out.volume.hi = v.hi, out.volume.space = v.space, out.volume.file = v.file;
    out.volume.type = v.type, out.volume.notes = v.notes;
    out.volume.values = VoxelValues(std::move(r.values));
    out.bricks = brick_grid(out.volume.values, v.dims, kBrickCells);  // its own ranges: bricks=on meshes it too
    out.layout = loaded.layout, out.name = loaded.name, out.presets = loaded.presets;
    out.histogram = loaded.histogram, out.source = loaded.source;
    out.generation = (std::uint64_t(1) << 40) + ++made_;  // never a load's
    shell_ = std::move(out);
    const double voxel_mm3 = v.spacing[0] * v.spacing[1] * v.spacing[2];
    info_ = ShellInfo();
    info_.wall_mm = s.shell;
    info_.cavities = r.cavities.size();
    std::array<double, 12> m = v.to_world;  // mm from voxel 0 → voxel index → the mesh files' world (LPS)
    if (v.space == "RAS")
        for (std::size_t i = 0; i < 8; ++i) m[i] = -m[i];
    const auto world = [&](double x, double y, double z) {
        const double i = x / v.spacing[0], j = y / v.spacing[1], k = z / v.spacing[2];
        return std::array<double, 3>{m[0] * i + m[1] * j + m[2] * k + m[3], m[4] * i + m[5] * j + m[6] * k + m[7],
                                     m[8] * i + m[9] * j + m[10] * k + m[11]};
    };
    for (const HollowCavity& c : r.cavities) {
        info_.filled += c.filled, info_.holes += c.holes.size();
        for (const auto& a : c.axes) {
            const auto top = world(a[0], a[1], a[2]), bottom = world(a[3], a[4], a[5]);
            info_.holes_mm.push_back({top[0], top[1], top[2], bottom[0], bottom[1], bottom[2]});
        }
    }
    info_.solid_mm3 = double(r.inside_voxels) * voxel_mm3;
    info_.material_mm3 = double(r.material_voxels) * voxel_mm3;
    info_.ms = now_ms() - t0;
    return &*shell_;
}

std::string shell_json(const ShellInfo* s) {
    if (!s) return "null";
    JsonWriter w;
    w.begin_object().key("wallMm").number(s->wall_mm).key("cavities").integer(std::int64_t(s->cavities));
    w.key("filled").integer(std::int64_t(s->filled)).key("holes").integer(std::int64_t(s->holes));
    w.key("solidMm3").number(s->solid_mm3).key("materialMm3").number(s->material_mm3).key("ms").number(s->ms);
    w.key("holeAxesMm").begin_array();
    for (const auto& a : s->holes_mm) {
        w.begin_array();
        for (double x : a) w.number(x);
        w.end_array();
    }
    w.end_array().end_object();
    return w.text();
}

}  // namespace hp

#include "brick_runs.h"

#include <cstdio>

#include "volume_atlas.h"

namespace hp {

// Asked when the load or the iso changes (one small pass and a pyramid over the bricks), its
// count collected frames later, never waited for. Until it arrives the page stays awake
// (DemoApp::quiet) and asks again each frame at the same iso (the count ring skips a request
// while all its buffers are in flight; any answer at this iso will do). classify=labels: over
// the labels' grid, once the surface has made it, at kLabelIso.
void BrickRuns::level(Backend* b, const DemoState& s, const LoadedVolume* v, std::uint64_t gpu) {
    std::uint64_t key = 0;
    float iso = 0;
    const BrickGrid* grid = level_grid(s, v, &key, &iso);
    if (!grid) return level_.reset();
    const bool same = level_ && level_->gpu == gpu && level_->generation == key && level_->iso == iso;
    if (same && (level_->arrived || b->brick_level_newest(iso, &level_->active))) return void(level_->arrived = true);
    std::string why;
    if (!b->brick_level_request(*grid, key, iso, &why)) return level_.reset();
    if (!same) level_ = LevelRun{gpu, key, iso, false, 0};
}

bool BrickRuns::level_on_gpu(const DemoState& s, const LoadedVolume* v, std::uint64_t gpu,
                             std::uint32_t* active) const {
    std::uint64_t key = 0;
    float iso = 0;
    if (!level_grid(s, v, &key, &iso) || !level_ || !level_->arrived || level_->gpu != gpu || level_->generation != key ||
        level_->iso != iso)
        return false;
    *active = level_->active;
    return true;
}

// The grid the first level runs over for `v` in `s` (the load's, or the labels'), its key (the
// load, and for labels their brick size) and iso; null where none.
const BrickGrid* BrickRuns::level_grid(const DemoState& s, const LoadedVolume* v, std::uint64_t* key, float* iso) const {
    if (!v || s.classify == Classify::Solid) return nullptr;
    const bool labels = s.classify == Classify::Labels;
    const BrickGrid* grid = labels ? labels_grid(v->generation, s.brick) : &v->bricks;
    if (!grid || grid->lo.empty()) return nullptr;
    *key = (v->generation << 7) + (labels ? 64 + std::uint64_t(grid->size) : 0);
    *iso = labels ? kLabelIso : s.iso;
    return grid;
}

namespace {
// Why the surface in `s` cannot be made in bricks ("" when it can).
std::string refused(const DemoState& s) {
    if (s.classify == Classify::Solid) return "bricks mesh a surface or a label map, not classify=solid";
    return "";
}
// What the 3D view shows where the bricks cannot make the surface.
std::string shown_instead(const LoadedVolume* v) {
    if (!v || v->preview_factor == 1) return "";
    return " (the 3D view shows the preview's surface, " + every_fth_voxel(v->preview_factor) + ")";
}
}  // namespace

void BrickRuns::surface(Backend* b, const DemoState& s, const LoadedVolume* v, bool mesh, std::string* message) {
    const bool past_atlas = v && v->preview_factor > 1;
    const bool asked = v && (s.bricks == Bricks::On || past_atlas);
    const std::string who = past_atlas ? "the surface at full resolution needs bricks: " : "bricks=on: ";
    std::string why = asked ? refused(s) : "";
    on_ = false, again_ = false;
    if (!asked || !why.empty()) {
        b->set_bricked(nullptr, nullptr, nullptr);
        if (why != why_not_ && !why.empty()) *message = who + why + shown_instead(v);
        why_not_ = why;
        return;
    }
    const bool labels = s.classify == Classify::Labels;
    const BrickGrid* grid = &v->bricks;
    if (labels) {  // bricks of voxels, each flagged where it reads more than one label
        if (labels_generation_ != v->generation || labels_.size != s.brick) {
            labels_ = label_bricks(v->volume.values, v->volume.dims, s.brick);
            labels_generation_ = v->generation;
        }
        grid = &labels_;
    } else if (s.brick != v->bricks.size) {
        if (grid_generation_ != v->generation || grid_.size != s.brick) {
            grid_ = brick_grid(v->volume.values, v->volume.dims, s.brick);
            grid_generation_ = v->generation;
        }
        grid = &grid_;
    }
    BrickedAsk ask;
    ask.values = &v->volume.values;
    ask.grid = grid;
    ask.labels = labels;
    ask.key = (v->generation << 9) + (labels ? 256 : 0) + std::uint64_t(s.brick);
    ask.budget_bytes = s.pool_mb * 1024 * 1024;
    ask.iso = labels ? kLabelIso : s.iso;
    BrickCrop crop;
    crop.box = crop_of(s, v->volume.dims);
    crop.background = crop_background(s.classify, s.iso, {v->volume.lo, v->volume.hi});
    if (!crop.box.whole(v->volume.dims)) ask.crop = &crop;
    ask.run = mesh;
    ask.view_factor = v->preview_factor;
    on_ = b->set_bricked(&ask, &figures_, &why);
    again_ = !on_ && b->bricked_again();
    if (on_) mark(*grid, *v, ask);
    if (!on_ && why != why_not_) *message = who + why + shown_instead(v);
    why_not_ = on_ ? "" : why;
}

void BrickRuns::mark(const BrickGrid& grid, const LoadedVolume& v, const BrickedAsk& ask) {
    char key[160];
    const CropBox box = ask.crop ? ask.crop->box : CropBox();
    std::snprintf(key, sizeof key, "%llu %d %d %a %d %d %d %d %d %d", static_cast<unsigned long long>(ask.key), grid.grid[0],
                  int(ask.labels), double(ask.iso), box.lo[0], box.lo[1], box.lo[2], box.hi[0], box.hi[1], box.hi[2]);
    if (marks_key_ == key) return;
    marks_key_ = key;
    std::vector<std::uint32_t> active;
    const std::optional<BrickCrop> level = level_crop_of(ask.crop, ask.labels, grid.dims);
    active_bricks(grid, ask.iso, &active, level ? &*level : nullptr);
    marked_.assign(grid.bricks(), 0);
    for (std::uint32_t b : active) marked_[b] = 1;
    marks_.size = grid.size, marks_.grid = grid.grid, marks_.preview = v.preview_factor;
    marks_.active = &marked_;
    marks_.count = std::uint32_t(active.size());
    ++marks_.revision;
    marked_of_ = Marked{ask.values, grid.dims, ask.iso, BrickCrop::of(ask.crop), ask.labels};
}

const BrickPyramid* BrickRuns::pyramid_of(const std::array<int, 3>& at) const {
    const std::array<int, 3>& d = marked_of_.dims;
    if (!on_ || !marked_of_.values || marked_of_.values->size() != std::size_t(d[0]) * std::size_t(d[1]) * std::size_t(d[2]))
        return nullptr;
    if (!pyramid_ || pyramid_revision_ != marks_.revision || pyramid_->brick != at) {
        const BrickCrop* crop = marked_of_.crop ? &*marked_of_.crop : nullptr;
        pyramid_ = brick_pyramid(*marked_of_.values, marked_of_.dims, marks_.size, at, marked_of_.iso, crop, marked_of_.labels);
        pyramid_revision_ = marks_.revision;
    }
    return &*pyramid_;
}

}  // namespace hp

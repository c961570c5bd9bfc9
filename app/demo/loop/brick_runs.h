// The bricked compaction's runs for the volume shown (issue 40), asked of the backend each
// frame before its passes: the first level alone (the page's count of the bricks straddling the
// iso, read without waiting: the overlay's and hp.stats().bricks's "found by the GPU") and the
// surface in bricks (both levels, the pool in rounds: bricked_surface.h) where the state asks
// for it (bricks=on) or the volume is past one atlas.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "backend.h"
#include "brick_pyramid.h"
#include "loaded_volume.h"
#include "view_slices.h"

namespace hp {

class BrickRuns {
public:
    // The first level for `v` (shown in `s`; `gpu`: GpuHost::inputs_serial(), a new backend runs
    // it anew): asked when the load or the iso changes, collected frames later.
    void level(Backend* b, const DemoState& s, const LoadedVolume* v, std::uint64_t gpu);
    bool level_on_gpu(const DemoState& s, const LoadedVolume* v, std::uint64_t gpu, std::uint32_t* active) const;
    bool level_pending() const { return level_ && !level_->arrived; }
    // A new load replaces the values the marks were made of: none until the next surface().
    void drop_values() {
        on_ = false;
        marked_of_ = Marked();
        marks_key_.clear();
        pyramid_.reset();
    }
    // The surface was refused and the backend tries it again, smaller, at the next frame.
    bool again() const { return again_; }

    // The surface in bricks, where it applies to `v` in `s` (bricks=on, or a volume past one
    // atlas: its preview_factor > 1); `mesh`: the frame runs the surface stages (else the
    // backend keeps what it has, unrun). A problem goes to *message once.
    void surface(Backend* b, const DemoState& s, const LoadedVolume* v, bool mesh, std::string* message);
    // After the backend's poll: the figures as the backend knows them now (a WebGPU total that
    // has arrived since the run).
    void refresh(const Backend* b) {
        if (on_) b->bricked_figures(&figures_);
    }
    // The bricks the surface's first level takes, for the slice atlas view to mark, while the
    // surface shown is bricked; else null.
    const BrickMarks* marks() const { return on_ ? &marks_ : nullptr; }
    // The own pyramid of brick `at` of the marks' grid (brick_pyramid.h: the Explain view's
    // chosen brick), made when first asked for the marks in effect; null while none are.
    const BrickPyramid* pyramid_of(const std::array<int, 3>& at) const;
    // What the last surface run did, while the surface shown is bricked; else null.
    const BrickedSurface::Figures* figures() const { return on_ ? &figures_ : nullptr; }
    // Where the surface was asked in bricks and could not be: why ("" when it is, or was not asked).
    const std::string& why_not() const { return why_not_; }
    // classify=labels: the labels' grid in bricks of `size` made for the load numbered
    // `generation`, or null.
    const BrickGrid* labels_grid(std::uint64_t generation, int size) const {
        return labels_generation_ == generation && labels_.size == size && !labels_.lo.empty() ? &labels_ : nullptr;
    }

private:
    struct LevelRun {
        std::uint64_t gpu = 0, generation = 0;  // generation: level_grid's key
        float iso = 0;
        bool arrived = false;  // the count read back (async: frames after the request)
        std::uint32_t active = 0;
    };
    std::optional<LevelRun> level_;
    const BrickGrid* level_grid(const DemoState& s, const LoadedVolume* v, std::uint64_t* key, float* iso) const;
    // The grid of the brick size asked where it is not the load's own (16³), for the load numbered.
    BrickGrid grid_;
    std::uint64_t grid_generation_ = 0;
    // classify=labels: label_bricks' grid (brick_grid.h) of the brick size asked, for the load numbered.
    BrickGrid labels_;
    std::uint64_t labels_generation_ = 0;
    bool on_ = false, again_ = false;
    BrickedSurface::Figures figures_;
    // The marks and what they were made for (the load, the brick size, labels, the iso, the box).
    BrickMarks marks_;
    std::vector<std::uint8_t> marked_;
    std::string marks_key_;
    struct Marked {  // what the marks were made of, for pyramid_of
        const VoxelValues* values = nullptr;
        std::array<int, 3> dims{};
        float iso = 0;
        std::optional<BrickCrop> crop;
        bool labels = false;
    } marked_of_;
    mutable std::optional<BrickPyramid> pyramid_;
    mutable std::uint64_t pyramid_revision_ = 0;
    void mark(const BrickGrid& grid, const LoadedVolume& v, const BrickedAsk& ask);
    std::string why_not_;
};

}  // namespace hp

// The tile scans of webgpu-scan (ScanKind::Rts and ::Single; the block scan is block_scan.h):
//  - reduce-then-scan: three dispatches over tiles of 4096 values: each workgroup sums its
//    tile (in the compaction, classification fused in), one workgroup scans the tile sums and
//    hands the total on, each workgroup scans its tile again with its offset and writes the
//    keys (in the compaction, the scatter);
//  - single pass: one dispatch, decoupled look-back with fallback (scan_single_pass.wgsl).
// Each step is a kernel (rts_reduce.wgsl, rts_spine.wgsl, rts_downsweep.wgsl,
// scan_single_pass.wgsl) that includes the chunk chosen for its `{scan_io}`. What the values are
// and where the keys go is a ScanIo: that chunk (scan_io_stream.wgsl: the compaction;
// scan_io_mesh.wgsl, scan_io_mesh_stream.wgsl: the surface's counts;
// scan_io_buffer.wgsl: a buffer), which declares the kernels' bindings but the scan's own
// `tiles` (4) and includes the chunks it needs, and what it binds by name.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "demo_state.h"
#include "kernel.h"
#include "stage.h"

namespace hp::wgpu {

struct ScanIo {
    const char* chunk;        // scan_io_*.wgsl, the kernels' `{scan_io}`
    std::vector<Bind> binds;  // every binding it declares (all but "tiles")
    WgslChoices choices;      // the chunks it includes by slot (scan_io_mesh.wgsl's `{vertices_at}`)
};

class TileScan {
public:
    static constexpr std::uint32_t kTile = 4096;  // scan_tiles.wgsl
    // Reduce-then-scan or single pass (ScanKind::Rts or Single) over n values; false and why
    // when a pipeline cannot be made.
    bool init(ScanKind kind, std::uint32_t n, const ScanIo& io, std::string* error);
    // The dispatches, into the open compute pass: reduce-then-scan's three steps (reduce,
    // spine, downsweep), or the single pass's one (single); record() records them all.
    void record_reduce() const { reduce_.dispatch(int(tiles_)); }
    void record_spine() const { spine_.dispatch(1); }
    void record_downsweep() const { downsweep_.dispatch(int(tiles_)); }
    void record_single() const { single_.dispatch(int(tiles_)); }
    void record() const;
    std::uint32_t tiles() const { return tiles_; }
    // rts: the tile sums, scanned in place into each tile's first key; single: two tickets,
    // then each tile's post (kPostValue of it: the tile's inclusive prefix once the pass is done).
    BufferRef tile_words() const { return tile_words_; }
    static constexpr std::uint32_t kPostValue = 0x1fffffffu;  // scan_single_pass.wgsl's kValue

private:
    ScanKind kind_ = ScanKind::Rts;
    std::uint32_t tiles_ = 0;
    bool subgroups_ = false;  // its tile sums use subgroup operations
    Buffer tile_words_;  // rts: the tile sums; single: two tickets and the tiles' posts
    Kernel reduce_, spine_, downsweep_, single_;
};

// A step of a tile scan as a stage of the frame: rts's reduce, spine or downsweep, or the
// single pass, each timed as the pass it does the work of.
class TileScanStage : public Stage {
public:
    using Step = void (TileScan::*)() const;
    TileScanStage(Pass pass, std::shared_ptr<const TileScan> scan, Step step)
        : pass_(pass), scan_(std::move(scan)), step_(step) {}
    Pass pass() const override { return pass_; }
    void record(const FrameSettings&) const override { ((*scan_).*step_)(); }

private:
    Pass pass_;
    std::shared_ptr<const TileScan> scan_;  // shared by its steps
    Step step_;
};

}  // namespace hp::wgpu

// The tile scans of webgpu-scan (ScanKind::Rts and ::Single; the block scan is block_scan.h):
//  - reduce-then-scan: three dispatches over tiles of 4096 values: each workgroup sums its
//    tile (in the compaction, classification fused in), one workgroup scans the tile sums and
//    hands the total on, each workgroup scans its tile again with its offset and writes the
//    keys (in the compaction, the scatter);
//  - single pass: one dispatch, decoupled look-back with fallback (scan_single_pass.wgsl).
// What the values are and where the keys go is a ScanIo: the shader chunk that says so
// (scan_io_stream.wgsl: the compaction; scan_io_mesh.wgsl: the surface's vertex counts;
// scan_io_buffer.wgsl: a buffer) with its bindings. The scan adds binding 4, `tiles`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "demo_state.h"
#include "kernel.h"

namespace hp::wgpu {

struct ScanIo {
    std::vector<const char*> chunks;    // up to and including the scan_io_*.wgsl chunk
    std::vector<BindingSpec> bindings;  // binding i = bindings[i]; index 4 is the scan's own
    std::vector<Bind> binds;            // every binding but "tiles"
};

class TileScan {
public:
    static constexpr std::uint32_t kTile = 4096;  // scan_tiles.wgsl
    // Reduce-then-scan or single pass (ScanKind::Rts or Single) over n values.
    bool init(ScanKind kind, std::uint32_t n, const ScanIo& io, std::string* error);
    ScanKind kind() const { return kind_; }
    std::uint32_t tiles() const { return tiles_; }
    bool subgroups() const { return subgroups_; }  // its tile sums use subgroup operations
    // The dispatches, into the open compute pass: reduce-then-scan's three steps (reduce,
    // spine, downsweep), or the single pass's one (single); record() records them all.
    void record_reduce() const { reduce_.dispatch(int(tiles_)); }
    void record_spine() const { spine_.dispatch(1); }
    void record_downsweep() const { downsweep_.dispatch(int(tiles_)); }
    void record_single() const { single_.dispatch(int(tiles_)); }
    void record() const;

private:
    ScanKind kind_ = ScanKind::Rts;
    std::uint32_t tiles_ = 0;
    bool subgroups_ = false;
    Object tile_words_;  // rts: the tile sums; single: two tickets and the tiles' posts
    Kernel reduce_, spine_, downsweep_, single_;
};

}  // namespace hp::wgpu

// Any of webgpu-scan's scans on given values, for the scans' own tests (hp.webgpuScan): the
// same classes and kernels as the mode (BlockScan in place; the tile scans through
// scan_io_buffer.wgsl into a second buffer), run once and read back.
#pragma once

#include <cstdint>
#include <string>

#include "block_scan.h"
#include "tile_scan.h"

namespace hp::wgpu {

class ScanCheck {
public:
    // How the single pass's look-back runs: as in the compaction; Fallback: it reduces every
    // predecessor itself (gives up at once); Aggregates: no workgroup but the first posts its
    // inclusive prefix, so every look-back walks over aggregates, 256 a round, to tile 0.
    enum class LookBack { AsItRuns, Fallback, Aggregates };
    // Uploads n values and issues the scan; false and why when it cannot run.
    bool begin(const std::uint32_t* values, std::uint32_t n, ScanKind kind, LookBack look, std::string* error);
    // 1: the n scanned values and the total are at `out` (n + 1 words); 0: not yet; -1: failed.
    int take(std::uint32_t* out);

private:
    std::uint32_t n_ = 0;
    Buffer values_, out_, totals_, params_;
    BlockScan blocks_;
    TileScan tiles_;
    Ticket scanned_, total_;
};

}  // namespace hp::wgpu

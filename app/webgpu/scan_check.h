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
    // Uploads n values and issues the scan; false and why when it cannot run. `fallback`: the
    // single pass reduces every predecessor itself (its look-back gives up at once).
    bool begin(const std::uint32_t* values, std::uint32_t n, ScanKind kind, bool fallback, std::string* error);
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

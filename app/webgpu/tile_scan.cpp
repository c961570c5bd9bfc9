#include "tile_scan.h"

namespace hp::wgpu {

bool TileScan::init(ScanKind kind, std::uint32_t n, const ScanIo& io, std::string* error) {
    *this = TileScan();
    kind_ = kind;
    tiles_ = (n + kTile - 1) / kTile;
    if (tiles_ == 0 || tiles_ > 65535) {
        *error = "the tile scans (rts, single) take 1 to 65535 tiles of 4096 values, not " + std::to_string(n) +
                 " values (a 16384² atlas); scan=blocks takes any size";
        return false;
    }
    const bool single = kind == ScanKind::Single;
    tile_words_ = buffer(4.0 * (tiles_ + (single ? 2 : 0)), kStorage | kCopySrc, single ? "single-pass scan posts" : "tile sums");
    std::vector<Bind> binds = io.binds;
    binds.push_back({"tiles", tile_words_});
    // Subgroup operations for the tile sums where the device has them (scan_sum_subgroups.wgsl
    // for the `{scan_sum}` of the steps that sum); the page can turn them off
    // (Module.hpGpu.subgroupsOff) to compare the two paths.
    subgroups_ = hpgpu_has_subgroups() != 0;
    std::string why;
    auto make = [&](const char* step, bool sums) {
        WgslChoices choices = io.choices;
        choices.push_back({"scan_io", io.chunk});
        if (sums) choices.push_back({"scan_sum", subgroups_ ? "scan_sum_subgroups.wgsl" : "scan_sum.wgsl"});
        return kernel(step, binds, &why, choices);
    };
    if (single) {
        single_ = make("scan_single_pass.wgsl", true);
    } else {
        reduce_ = make("rts_reduce.wgsl", true);
        spine_ = make("rts_spine.wgsl", false);
        downsweep_ = make("rts_downsweep.wgsl", false);
    }
    if (why.empty() && (single ? !single_ : !(reduce_ && spine_ && downsweep_)))
        why = "the tile scan's pipelines were not made";
    if (why.empty()) return true;
    *error = why;
    return false;
}

void TileScan::record() const {
    if (kind_ == ScanKind::Single) return record_single();
    record_reduce();
    record_spine();
    record_downsweep();
}

}  // namespace hp::wgpu

#include "scan_check.h"

#include "webgpu_uniforms.h"

namespace hp::wgpu {

bool ScanCheck::begin(const std::uint32_t* values, std::uint32_t n, ScanKind kind, LookBack look, std::string* error) {
    n_ = n;
    values_ = buffer(4.0 * n, kStorage | kCopySrc | kCopyDst, "scan check values");
    write(values_, 0, values, int(4 * n));
    BufferRef scanned = values_, totals;
    if (kind == ScanKind::Blocks) {
        if (!blocks_.init(n, values_, error)) return false;
        totals = blocks_.total_buffer();
    } else {
        std::uint64_t sum = 0;
        for (std::uint32_t i = 0; i < n; ++i) sum += values[i];
        if (sum >= (1u << 29)) {
            *error = "the tile scans' posts hold totals below 2^29, not " + std::to_string(sum);
            return false;
        }
        params_ = uniform_of(ScanParamsUniform{n, look == LookBack::Fallback ? 0xffffffffu : 0u, look == LookBack::Aggregates ? 1u : 0u, 0}, "scan check params");
        out_ = buffer(4.0 * n, kStorage | kCopySrc, "scan check keys");
        totals_ = buffer(16, kStorage | kCopySrc, "scan check total");
        const ScanIo io{"scan_io_buffer.wgsl",
                        {{"params", params_}, {"values", values_}, {"totals", totals_}, {"out", out_}}};
        if (!tiles_.init(kind, n, io, error)) return false;
        scanned = out_;
        totals = totals_;
    }
    hpgpu_begin();
    hpgpu_pass_begin(-1);
    if (kind == ScanKind::Blocks) blocks_.record();
    else tiles_.record();
    hpgpu_pass_end();
    scanned_ = read(scanned, 0, int(4 * n));
    total_ = read(totals, 0, 4);
    hpgpu_submit();
    return true;
}

int ScanCheck::take(std::uint32_t* out) {
    const int a = scanned_.state(), b = total_.state();
    if (a == 0 || b == 0) return 0;
    const int ok = a == 1 && b == 1 ? 1 : -1;
    scanned_.take(out, int(4 * n_));
    total_.take(out + n_, 4);
    return ok;
}

}  // namespace hp::wgpu

// The page's exports for the tests alone (not the demo's API): a WebGPU scan on given values,
// for the scans' own tests (hp.webgpuScan), the edge ids of a stream's surface, the surface
// stages asked for.
#include <emscripten.h>

#include <cstdint>
#include <memory>
#include <string>

#include <vector>

#include "demo_app.h"
#include "mesh_export.h"
#include "scan_check.h"
#include "web_api.h"
#include "webgpu_compaction.h"

namespace {
std::unique_ptr<hp::wgpu::ScanCheck> g_scan;  // the scan begun and not yet taken
std::vector<double> g_edges;                  // the last edge ids handed to JavaScript
}  // namespace

extern "C" {

// Uploads n values and runs the scan on them (kind: 0 blocks, 1 rts, 2 single; fallback: how
// the single pass's look-back runs, 0 as in the compaction, 1 giving up at once, 2 over
// aggregates); "" when it runs, else why not. A scan begun before and not taken is dropped.
EMSCRIPTEN_KEEPALIVE const char* hp_scan_begin(const std::uint32_t* values, unsigned n, int kind, int fallback) {
    std::string& reply = hp::web_reply();
    reply.clear();
    g_scan.reset();
    if (!hp::WebGpuCompaction::available(&reply)) return reply.c_str();
    if (n == 0 || n > (1u << 26)) return hp::web_reply("a scan takes 1 to 2^26 values");
    if (kind < 0 || kind > 2) return hp::web_reply("the scan is blocks, rts or single");
    if (fallback < 0 || fallback > 2) return hp::web_reply("the look-back is 0 (as it runs), 1 (fallback) or 2 (aggregates)");
    g_scan = std::make_unique<hp::wgpu::ScanCheck>();
    if (!g_scan->begin(values, n, hp::ScanKind(kind), hp::wgpu::ScanCheck::LookBack(fallback), &reply)) g_scan.reset();
    return reply.c_str();
}

// Copies the n scanned values and the total to `out` (n + 1 words) once they have arrived:
// 1; 0: not yet; -1: the scan failed, or none was begun.
EMSCRIPTEN_KEEPALIVE int hp_scan_take(std::uint32_t* out) {
    if (!g_scan) return -1;
    const int state = g_scan->take(out);
    if (state != 0) g_scan.reset();
    return state;
}

// Each vertex's global edge id for the surface of a stream of `n` entries (x, y, z, case as
// floats at `stream`) over this frame's grid: a vertex each; returns how many, the ids (exact
// in doubles) at hp_edges().
EMSCRIPTEN_KEEPALIVE int hp_stream_edges(const float* stream, unsigned n) {
    std::vector<hp::StreamEntry> entries(n);
    for (unsigned i = 0; i < n; ++i) entries[i] = {stream[4 * i], stream[4 * i + 1], stream[4 * i + 2], stream[4 * i + 3]};
    const std::vector<std::uint64_t> ids = hp::stream_edges(entries, hp::web_app()->layout().dims);
    g_edges.assign(ids.begin(), ids.end());
    return int(g_edges.size());
}
EMSCRIPTEN_KEEPALIVE const double* hp_edges() { return g_edges.data(); }

// Runs the surface stages in the next frames even where no view shows the surface (a case
// that wants the stats of a frame that ran them).
EMSCRIPTEN_KEEPALIVE void hp_want_mesh() { hp::web_app()->want_mesh(); }

}  // extern "C"

#include "webgpu_stages.h"

#include <algorithm>

#include "block_scan.h"
#include "compaction_stages.h"
#include "tile_scan.h"

namespace hp::wgpu {

namespace {

// webgpu-scan, scan=blocks: classify fused with each Morton block's scan; the block counts
// scanned into each block's offset; the count; the scatter adds the two.
void block_scan_stages(const FrameBuffers& f, ModeStages* m, std::string* error) {
    const double texels = double(f.layout.texel_count());
    m->base = buffer(4.0 * texels, kStorage | kCopySrc, "prefix in block (Morton order)");
    auto scan = std::make_unique<BlockScanStage>(std::uint32_t(texels / ScanPlan::kBlock), error);
    const BufferRef block_counts = scan->block_counts(), total = scan->total_buffer();
    m->stages.push_back(scan_classify_stage(f, m->base, block_counts, error));  // classify
    m->stages.push_back(std::move(scan));                                      // reduce
    m->stages.push_back(count_stage(f, total, 0, error));                      // count
    m->stages.push_back(scan_scatter_stage(f, m->base, block_counts, error));  // traverse
    m->tiles = block_counts;  // scanned in place: each block's first key
    m->tile_size = ScanPlan::kBlock;
    m->tile_words = std::uint32_t(texels / ScanPlan::kBlock);
}

// webgpu-scan, scan=rts: reduce-then-scan over tiles of 4096 texels: a classifying reduce, one
// spine workgroup that also fills the counter, a downsweep that scatters. scan=single: one
// dispatch (decoupled look-back with fallback) that does all of it.
void tile_scan_stages(const FrameBuffers& f, ScanKind scan, ModeStages* m, std::string* error) {
    auto tiles = std::make_shared<TileScan>();
    const ScanIo io{"scan_io_stream.wgsl",
                    {{"u", f.volume}, {"atlas", f.atlas}, {"counter", f.counter}, {"stream", f.stream}}};
    std::string why;
    if (!tiles->init(scan, std::uint32_t(f.layout.texel_count()), io, &why)) return add_error(error, why);
    auto step = [&](Pass p, TileScanStage::Step s) { m->stages.push_back(std::make_unique<TileScanStage>(p, tiles, s)); };
    m->tiles = tiles->tile_words();
    m->tile_size = TileScan::kTile;
    m->tile_words = tiles->tiles();
    m->tile_first = scan == ScanKind::Single ? 2 : 0;  // after its two tickets
    m->tile_posts = scan == ScanKind::Single;
    if (scan == ScanKind::Single) return step(Pass::Reduce, &TileScan::record_single);
    step(Pass::Classify, &TileScan::record_reduce);
    step(Pass::Reduce, &TileScan::record_spine);
    step(Pass::Traverse, &TileScan::record_downsweep);
}

// webgpu-pyramid: classify into the base; the levels by reduction; the count from the 1×1
// level; the traversal, one invocation a key.
void pyramid_stages(const FrameBuffers& f, ModeStages* m, std::string* error) {
    m->plan = plan_pyramid(f.layout.atlas);
    const PyramidPlan& p = m->plan;
    m->base = buffer(4.0 * double(f.layout.texel_count()), kStorage | kCopySrc, "base (Morton order)");
    m->levels = buffer(4.0 * p.words, kStorage | kCopySrc, "pyramid levels");
    m->stages.push_back(pyramid_classify_stage(f, p, m->base, m->levels, error));
    m->stages.push_back(pyramid_reduce_stage(p, m->base, m->levels, error));
    m->stages.push_back(count_stage(f, m->levels, p.offsets[std::size_t(p.top)], error));
    m->stages.push_back(pyramid_traverse_stage(f, p, m->base, m->levels, error));
}

}  // namespace

bool build_mode_stages(Pyramid mode, ScanKind scan, const FrameBuffers& f, ModeStages* out, std::string* error) {
    *out = ModeStages();
    std::string why;
    if (mode == Pyramid::WebgpuPyramid) pyramid_stages(f, out, &why);
    else if (scan == ScanKind::Blocks) block_scan_stages(f, out, &why);
    else tile_scan_stages(f, scan, out, &why);
    out->stages.push_back(stream_tail_stage(f, &why));  // then the keys past this frame's end
    if (why.empty()) return true;
    *error = why;
    out->stages.clear();  // nothing half made runs
    return false;
}

Pass timed_as(Pass p, Timestamps t) {
    const bool whole = std::find(kWholeCompaction.begin(), kWholeCompaction.end(), p) != kWholeCompaction.end();
    return t == Timestamps::Whole && whole ? Pass::Compaction : p;
}

}  // namespace hp::wgpu

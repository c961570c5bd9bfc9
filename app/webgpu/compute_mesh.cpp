#include "compute_mesh.h"

#include <algorithm>
#include <vector>

#include "marching_cubes.h"
#include "webgpu_uniforms.h"

namespace hp::wgpu {

namespace {

// The surface's vertex-count scan as one stage (MeshReduce), whichever scan it is.
template <typename Scan>
class MeshScanStage : public Stage {
public:
    explicit MeshScanStage(const Scan* scan) : scan_(scan) {}
    Pass pass() const override { return Pass::MeshReduce; }
    void record(const FrameSettings&) const override { scan_->record(); }

private:
    const Scan* scan_;
};

}  // namespace

bool ComputeMesh::init(const AtlasLayout& layout, ScanKind scan, int volume_uniform, int atlas, int counter,
                       std::string* error) {
    *this = ComputeMesh();
    capacity_ = std::uint32_t(layout.texel_count());
    scan_kind_ = scan;
    int grid_x = 0, grid_y = 0;  // one invocation a texel, 256 a workgroup
    grid(capacity_, &grid_x, &grid_y);

    // The tables as i32: 256 vertex counts, then 256 × 16 edges (-1 past a case's vertices).
    std::vector<std::int32_t> tables(256 + 256 * 16);
    for (int c = 0; c < 256; ++c) tables[std::size_t(c)] = mc::vertex_count(c);
    std::copy_n(mc::triangle_table(), 256 * 16, tables.begin() + 256);
    tables_ = buffer(4.0 * tables.size(), kStorage | kCopyDst, "marching-cubes tables");
    hpgpu_write(tables_.id(), 0, tables.data(), int(4 * tables.size()));
    offsets_ = buffer(4.0 * capacity_, kStorage | kCopySrc, "mesh vertex offsets");

    const BindingSpec volume = {"u", kUniformBinding, sizeof(VolumeUniform)};
    int totals = 0;
    bool ok = true;
    if (scan == ScanKind::Blocks) {
        if (!block_scan_.init(capacity_, offsets_.id(), error)) return false;
        totals = block_scan_.total_buffer();
        Kernel count;
        count.pipeline = pipeline({"volume.wgsl", "cells.wgsl", "mc_tables.wgsl", "mesh_count.wgsl"},
                                  {volume, {"atlas", kRead}, {"mc", kRead}, {"counts", kWrite}});
        count.group = group(count.pipeline, {{"u", volume_uniform}, {"atlas", atlas}, {"mc", tables_.id()},
                                             {"counts", offsets_.id()}});
        ok = bool(count);
        stages_.push_back(std::make_unique<DispatchStage>(Pass::MeshCount, std::move(count), grid_x, grid_y));
        stages_.push_back(std::make_unique<MeshScanStage<BlockScan>>(&block_scan_));
    } else {
        totals_ = buffer(16, kStorage | kCopySrc, "mesh vertex total");
        totals = totals_.id();
        const ScanIo io{{"volume.wgsl", "cells.wgsl", "mc_tables.wgsl", "scan_io_mesh.wgsl"},
                        {volume, {"atlas", kRead}, {"mc", kRead}, {"offsets", kWrite}, {}, {"totals", kWrite}},
                        {{"u", volume_uniform}, {"atlas", atlas}, {"mc", tables_.id()}, {"offsets", offsets_.id()},
                         {"totals", totals}}};
        if (!tile_scan_.init(scan, capacity_, io, error)) return false;
        stages_.push_back(std::make_unique<MeshScanStage<TileScan>>(&tile_scan_));
    }
    positions_ = buffer(16.0 * capacity_, kStorage | kCopySrc, "mesh positions");
    normals_ = buffer(16.0 * capacity_, kStorage | kCopySrc, "mesh normals");

    Kernel extract;
    extract.pipeline = pipeline({"volume.wgsl", "cells.wgsl", "compaction_counter.wgsl", "mc_tables.wgsl",
                                 "mesh_extract.wgsl"},
                                {volume, {"atlas", kRead}, {"mc", kRead}, {"offsets", kRead}, {"totals", kRead},
                                 {"counter", kWrite}, {"positions", kWrite}, {"normals", kWrite}});
    extract.group = group(extract.pipeline, {{"u", volume_uniform}, {"atlas", atlas}, {"mc", tables_.id()},
                                             {"offsets", offsets_.id()}, {"totals", totals}, {"counter", counter},
                                             {"positions", positions_.id()}, {"normals", normals_.id()}});
    ok = ok && bool(extract);
    stages_.push_back(std::make_unique<DispatchStage>(Pass::MeshExtract, std::move(extract), grid_x, grid_y));
    if (!ok) {
        if (!take_failure(error)) *error = "the surface's pipelines were not made";
        positions_.reset();  // not ready
        return false;
    }
    return true;
}

}  // namespace hp::wgpu

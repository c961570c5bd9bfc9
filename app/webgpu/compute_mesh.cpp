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

// The tables as i32: 256 vertex counts, then 256 × 16 edges (-1 past a case's vertices).
Buffer upload_tables() {
    std::vector<std::int32_t> tables(256 + 256 * 16);
    for (int c = 0; c < 256; ++c) tables[std::size_t(c)] = mc::vertex_count(c);
    std::copy_n(mc::triangle_table(), 256 * 16, tables.begin() + 256);
    Buffer b = buffer(4.0 * tables.size(), kStorage | kCopyDst, "marching-cubes tables");
    write(b, 0, tables.data(), int(4 * tables.size()));
    return b;
}

}  // namespace

bool ComputeMesh::init(const FrameBuffers& frame, ScanKind scan, std::string* error) {
    *this = ComputeMesh();
    capacity_ = std::uint32_t(frame.layout.texel_count());
    scan_kind_ = scan;
    tables_ = upload_tables();
    offsets_ = buffer(4.0 * capacity_, kStorage | kCopySrc, "mesh vertex offsets");
    std::string why;
    const BufferRef totals = scan == ScanKind::Blocks ? add_block_scan(frame, &why) : add_tile_scan(frame, &why);
    if (why.empty()) {
        positions_ = buffer(16.0 * capacity_, kStorage | kCopySrc, "mesh positions");
        normals_ = buffer(16.0 * capacity_, kStorage | kCopySrc, "mesh normals");
        add_extract(frame, totals, &why);
    }
    if (why.empty()) return true;
    *error = why;
    positions_.reset();  // not ready
    failed_ = true;
    return false;
}

// blocks: mesh_count.wgsl writes each cell's vertex count, BlockScan scans them in place.
BufferRef ComputeMesh::add_block_scan(const FrameBuffers& frame, std::string* error) {
    if (!block_scan_.init(capacity_, offsets_, error)) return {};
    int x = 0, y = 0;  // one invocation a texel, 256 a workgroup
    grid(capacity_, &x, &y);
    stages_.push_back(std::make_unique<DispatchStage>(
        Pass::MeshCount,
        kernel({"volume.wgsl", "cells.wgsl", "mc_tables.wgsl", "mesh_count.wgsl"},
               {kVolumeBinding, {"atlas", kRead}, {"mc", kRead}, {"counts", kWrite}},
               {{"u", frame.volume}, {"atlas", frame.atlas}, {"mc", tables_}, {"counts", offsets_}}, error),
        x, y));
    stages_.push_back(std::make_unique<MeshScanStage<BlockScan>>(&block_scan_));
    return block_scan_.total_buffer();
}

// rts, single: the scan computes the counts itself from the atlas (scan_io_mesh.wgsl).
BufferRef ComputeMesh::add_tile_scan(const FrameBuffers& frame, std::string* error) {
    totals_ = buffer(16, kStorage | kCopySrc, "mesh vertex total");
    const ScanIo io{{"volume.wgsl", "cells.wgsl", "mc_tables.wgsl", "scan_io_mesh.wgsl"},
                    {kVolumeBinding, {"atlas", kRead}, {"mc", kRead}, {"offsets", kWrite}, {}, {"totals", kWrite}},
                    {{"u", frame.volume}, {"atlas", frame.atlas}, {"mc", tables_}, {"offsets", offsets_},
                     {"totals", totals_}}};
    if (!tile_scan_.init(scan_kind_, capacity_, io, error)) return {};
    stages_.push_back(std::make_unique<MeshScanStage<TileScan>>(&tile_scan_));
    return totals_;
}

void ComputeMesh::add_extract(const FrameBuffers& frame, BufferRef totals, std::string* error) {
    int x = 0, y = 0;
    grid(capacity_, &x, &y);
    stages_.push_back(std::make_unique<DispatchStage>(
        Pass::MeshExtract,
        kernel({"volume.wgsl", "cells.wgsl", "compaction_counter.wgsl", "mc_tables.wgsl", "mesh_extract.wgsl"},
               {kVolumeBinding, {"atlas", kRead}, {"mc", kRead}, {"offsets", kRead}, {"totals", kRead},
                {"counter", kWrite}, {"positions", kWrite}, {"normals", kWrite}},
               {{"u", frame.volume}, {"atlas", frame.atlas}, {"mc", tables_}, {"offsets", offsets_},
                {"totals", totals}, {"counter", frame.counter}, {"positions", positions_}, {"normals", normals_}},
               error),
        x, y));
}

}  // namespace hp::wgpu

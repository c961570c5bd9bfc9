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

bool ComputeMesh::init(const FrameBuffers& frame, ScanKind scan, MeshVertices vertices, std::string* error) {
    *this = ComputeMesh();
    capacity_ = std::uint32_t(frame.layout.texel_count());
    scan_kind_ = scan;
    vertices_ = vertices;
    const bool shared = vertices == MeshVertices::Shared;
    tables_ = upload_tables();
    offsets_ = buffer(4.0 * capacity_, kStorage | kCopySrc, "mesh vertex offsets");
    std::string why;
    const BufferRef totals = add_scan(
        frame, {nullptr, "mesh_count.wgsl", "scan_io_mesh.wgsl"}, offsets_, &block_scan_,
        &tile_scan_, &totals_, &why);
    BufferRef edge_totals;
    if (why.empty() && shared) {
        edge_offsets_ = buffer(4.0 * capacity_, kStorage | kCopySrc, "mesh edge offsets");
        edge_totals = add_scan(frame, {"mesh_edges.wgsl", "mesh_edge_count.wgsl", "scan_io_edges.wgsl"},
                               edge_offsets_, &edge_block_scan_, &edge_tile_scan_, &edge_totals_, &why);
    }
    if (why.empty()) {
        positions_ = buffer(16.0 * capacity_, kStorage | kCopySrc, "mesh positions");
        normals_ = buffer(16.0 * capacity_, kStorage | kCopySrc, "mesh normals");
        if (shared) {
            indices_ = buffer(4.0 * capacity_, kStorage | kIndex | kCopySrc, "mesh indices");
            add_shared(frame, totals, edge_totals, &why);
        } else {
            add_extract(frame, totals, &why);
        }
    }
    if (why.empty()) return true;
    *error = why;
    positions_.reset();  // not ready
    failed_ = true;
    return false;
}

// blocks: a kernel writes each value, BlockScan scans them in place (its stage in MeshReduce,
// the count kernel's in MeshCount); rts, single: the scan computes the values from the atlas.
BufferRef ComputeMesh::add_scan(const FrameBuffers& frame, const Counts& counts, BufferRef offsets, BlockScan* block,
                                TileScan* tile, Buffer* totals, std::string* error) {
    std::vector<const char*> chunks = {"volume.wgsl", "cells.wgsl", "mc_tables.wgsl"};
    if (counts.chunk) chunks.push_back(counts.chunk);
    std::vector<Bind> binds = {{"u", frame.volume}, {"atlas", frame.atlas}, {"mc", tables_}};
    if (scan_kind_ == ScanKind::Blocks) {
        if (!block->init(capacity_, offsets, error)) return {};
        chunks.push_back(counts.count_kernel);
        binds.push_back({"counts", offsets});
        int x = 0, y = 0;  // one invocation a texel, 256 a workgroup
        grid(capacity_, &x, &y);
        stages_.push_back(std::make_unique<DispatchStage>(
            Pass::MeshCount,
            kernel(chunks, {kVolumeBinding, {"atlas", kRead}, {"mc", kRead}, {"counts", kWrite}}, binds, error),
            x, y));
        stages_.push_back(std::make_unique<MeshScanStage<BlockScan>>(block));
        return block->total_buffer();
    }
    *totals = buffer(16, kStorage | kCopySrc, "mesh scan total");
    chunks.push_back(counts.io_chunk);
    binds.push_back({"offsets", offsets});
    binds.push_back({"totals", *totals});
    const ScanIo io{chunks, {kVolumeBinding, {"atlas", kRead}, {"mc", kRead}, {"offsets", kWrite}, {}, {"totals", kWrite}},
                    binds};
    if (!tile->init(scan_kind_, capacity_, io, error)) return {};
    stages_.push_back(std::make_unique<MeshScanStage<TileScan>>(tile));
    return *totals;
}

void ComputeMesh::add_extract(const FrameBuffers& frame, BufferRef totals, std::string* error) {
    int x = 0, y = 0;
    grid(capacity_, &x, &y);
    stages_.push_back(std::make_unique<DispatchStage>(
        Pass::MeshExtract,
        kernel({"volume.wgsl", "cells.wgsl", "compaction_counter.wgsl", "mc_tables.wgsl", "mesh_vertex.wgsl",
                "mesh_extract.wgsl"},
               {kVolumeBinding, {"atlas", kRead}, {"mc", kRead}, {"offsets", kRead}, {"totals", kRead},
                {"counter", kWrite}, {"positions", kWrite}, {"normals", kWrite}},
               {{"u", frame.volume}, {"atlas", frame.atlas}, {"mc", tables_}, {"offsets", offsets_},
                {"totals", totals}, {"counter", frame.counter}, {"positions", positions_}, {"normals", normals_}},
               error),
        x, y));
}

// Shared: the vertices, a point's crossing edges each once; then the cells' triangles as indices.
void ComputeMesh::add_shared(const FrameBuffers& frame, BufferRef totals, BufferRef edge_totals, std::string* error) {
    int x = 0, y = 0;
    grid(capacity_, &x, &y);
    stages_.push_back(std::make_unique<DispatchStage>(
        Pass::MeshExtract,
        kernel({"volume.wgsl", "cells.wgsl", "compaction_counter.wgsl", "mesh_edges.wgsl", "mesh_vertex.wgsl",
                "mesh_vertices.wgsl"},
               {kVolumeBinding, {"atlas", kRead}, {"offsets", kRead}, {"totals", kRead}, {"counter", kWrite},
                {"positions", kWrite}, {"normals", kWrite}},
               {{"u", frame.volume}, {"atlas", frame.atlas}, {"offsets", edge_offsets_}, {"totals", edge_totals},
                {"counter", frame.counter}, {"positions", positions_}, {"normals", normals_}},
               error),
        x, y));
    if (!error->empty()) return;
    stages_.push_back(std::make_unique<DispatchStage>(
        Pass::MeshExtract,
        kernel({"volume.wgsl", "cells.wgsl", "compaction_counter.wgsl", "mc_tables.wgsl", "mesh_edges.wgsl",
                "mesh_indices.wgsl"},
               {kVolumeBinding, {"atlas", kRead}, {"mc", kRead}, {"offsets", kRead}, {"totals", kRead},
                {"counter", kWrite}, {"edge_offsets", kRead}, {"indices", kWrite}},
               {{"u", frame.volume}, {"atlas", frame.atlas}, {"mc", tables_}, {"offsets", offsets_},
                {"totals", totals}, {"counter", frame.counter}, {"edge_offsets", edge_offsets_}, {"indices", indices_}},
               error),
        x, y));
}

}  // namespace hp::wgpu

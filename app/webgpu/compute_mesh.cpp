#include "compute_mesh.h"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "compaction_counter.h"
#include "marching_cubes.h"
#include "webgpu_uniforms.h"

namespace hp::wgpu {

// The tables as i32: 256 vertex counts, then 256 × 16 edges (-1 past a case's vertices).
Buffer upload_mc_tables() {
    std::vector<std::int32_t> tables(256 + 256 * 16);
    for (int c = 0; c < 256; ++c) tables[std::size_t(c)] = mc::vertex_count(c);
    std::copy_n(mc::triangle_table(), 256 * 16, tables.begin() + 256);
    Buffer b = buffer(4.0 * tables.size(), kStorage | kCopyDst, "marching-cubes tables");
    write(b, 0, tables.data(), int(4 * tables.size()));
    return b;
}

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

// The kernel of a stage run one invocation a texel (from the atlas) or a key written (from
// the stream, dispatched indirectly).
std::unique_ptr<Stage> cell_stage(Pass pass, Kernel k, std::uint32_t capacity, bool stream, BufferRef counter) {
    if (stream) return std::make_unique<IndirectStage>(pass, std::move(k), counter, kTraverseArgsAt);
    int x = 0, y = 0;  // 256 invocations a workgroup
    grid(capacity, &x, &y);
    return std::make_unique<DispatchStage>(pass, std::move(k), x, y);
}

}  // namespace

const Stage* ComputeMesh::own(std::unique_ptr<Stage> stage) {
    owned_.push_back(std::move(stage));
    return owned_.back().get();
}

bool ComputeMesh::init(const FrameBuffers& frame, ScanKind scan, MeshVertices vertices, std::string* error) {
    *this = ComputeMesh();
    cells_ = std::uint32_t(frame.layout.texel_count());
    capacity_ = frame.vertices;
    scan_kind_ = scan;
    vertices_ = vertices;
    const bool shared = vertices == MeshVertices::Shared;
    tables_ = upload_mc_tables();
    offsets_ = buffer(4.0 * cells_, kStorage | kCopySrc, "mesh vertex offsets");  // a cell's, or a key's
    totals_ = buffer(16, kStorage | kCopySrc, "mesh vertex total");
    std::string why;
    const BufferRef totals = add_scan(frame, {"mesh_count.wgsl", "scan_io_mesh.wgsl", false, "vertices_at_cell.wgsl"}, offsets_, totals_,
                                      &block_scan_, &tile_scan_, &texels_, &why);
    const BufferRef stream_totals =
        add_scan(frame, {"mesh_count_stream.wgsl", "scan_io_mesh_stream.wgsl", true}, offsets_, totals_,
                 &stream_block_scan_, &stream_tile_scan_, &stream_, &why);
    BufferRef edge_totals;
    if (why.empty() && shared) {
        edge_offsets_ = buffer(4.0 * cells_, kStorage | kCopySrc, "mesh edge offsets");
        edge_totals_ = buffer(16, kStorage | kCopySrc, "mesh edge total");
        std::vector<const Stage*> edges;
        edge_totals = add_scan(frame, {"mesh_count.wgsl", "scan_io_mesh.wgsl", false, "vertices_at_point.wgsl"},
                               edge_offsets_, edge_totals_, &edge_block_scan_, &edge_tile_scan_, &edges, &why);
        texels_.insert(texels_.end(), edges.begin(), edges.end());
        stream_.insert(stream_.end(), edges.begin(), edges.end());
    }
    if (why.empty()) {
        positions_ = buffer(16.0 * capacity_, kStorage | kCopySrc, "mesh positions");
        normals_ = buffer(16.0 * capacity_, kStorage | kCopySrc, "mesh normals");
        if (shared) indices_ = buffer(4.0 * capacity_, kStorage | kIndex | kCopySrc, "mesh indices");
        for (const bool stream : {false, true}) {
            const BufferRef t = stream ? stream_totals : totals;
            if (shared) add_shared(frame, t, edge_totals, stream, &why);
            else add_extract(frame, t, stream, &why);
        }
    }
    if (why.empty()) return true;
    *error = why;
    positions_.reset();  // not ready
    failed_ = true;
    return false;
}

// blocks: a kernel writes each value (MeshCount), BlockScan scans them in place (MeshReduce);
// rts, single: the scan computes the values itself. From the stream: the count kernel runs
// one invocation a key written (the traversal's indirect arguments) and the scans stop there.
BufferRef ComputeMesh::add_scan(const FrameBuffers& frame, const Counts& counts, BufferRef offsets, BufferRef totals,
                                BlockScan* block, TileScan* tile, std::vector<const Stage*>* list,
                                std::string* error) {
    if (!error->empty()) return {};
    const std::uint32_t n = counts.stream ? frame.keys : cells_;  // the values scanned
    // From the stream: the cells are its keys (bound as `cells`), no atlas.
    std::vector<Bind> binds = {{"u", frame.volume}, {"mc", tables_}};
    binds.push_back(counts.stream ? Bind{"cells", frame.stream} : Bind{"atlas", frame.atlas});
    WgslChoices choices;
    if (counts.vertices_at) choices.push_back({"vertices_at", counts.vertices_at});
    if (scan_kind_ == ScanKind::Blocks) {
        const ScanLimit limit =
            counts.stream ? ScanLimit{frame.counter, offsetof(Counter, written) / 4} : ScanLimit{};
        if (!block->init(n, offsets, error, limit)) return {};
        binds.push_back({"counts", offsets});
        Kernel k = kernel(counts.count_kernel, binds, error, choices);
        list->push_back(own(cell_stage(Pass::MeshCount, std::move(k), n, counts.stream, frame.counter)));
        list->push_back(own(std::make_unique<MeshScanStage<BlockScan>>(block)));
        return block->total_buffer();
    }
    binds.push_back({"offsets", offsets});
    binds.push_back({"totals", totals});
    if (counts.stream) binds.push_back({"counter", frame.counter});
    if (!tile->init(scan_kind_, n, {counts.io_chunk, binds, choices}, error)) return {};
    list->push_back(own(std::make_unique<MeshScanStage<TileScan>>(tile)));
    return totals;
}

// A kernel over the surface's cells (the extraction, or the shared vertices' indices), its
// outputs `io` after the common bindings: from the stream (kernel `from_stream`: `cells`, a
// key written an invocation, after mesh_total.wgsl) or from the atlas (kernel `from_atlas`:
// every texel's cell; it writes the total itself).
void ComputeMesh::add_cells(const FrameBuffers& frame, const char* from_atlas, const char* from_stream,
                            const std::vector<Bind>& io, BufferRef totals, bool stream, std::string* error) {
    if (!error->empty()) return;
    std::vector<Bind> binds = {{"u", frame.volume}, {"atlas", frame.atlas}, {"mc", tables_}, {"offsets", offsets_}};
    if (stream) {
        stream_.push_back(own(total_stage(frame, totals, error)));
        binds.push_back({"cells", frame.stream});
    } else {
        binds.insert(binds.end(), {{"totals", totals}, {"counter", frame.counter}});
    }
    binds.insert(binds.end(), io.begin(), io.end());
    Kernel k = kernel(stream ? from_stream : from_atlas, binds, error);
    (stream ? stream_ : texels_).push_back(own(cell_stage(Pass::MeshExtract, std::move(k), cells_, stream, frame.counter)));
}

void ComputeMesh::add_extract(const FrameBuffers& frame, BufferRef totals, bool stream, std::string* error) {
    add_cells(frame, "mesh_extract.wgsl", "mesh_extract_stream.wgsl", {{"positions", positions_}, {"normals", normals_}},
              totals, stream, error);
}

// mesh_total.wgsl: the stream-driven extractions run for the keys written only (maybe none),
// so the total goes into the counter in a dispatch of its own.
std::unique_ptr<Stage> ComputeMesh::total_stage(const FrameBuffers& frame, BufferRef totals, std::string* error) {
    return std::make_unique<DispatchStage>(
        Pass::MeshExtract,
        kernel("mesh_total.wgsl", {{"u", frame.volume}, {"totals", totals}, {"counter", frame.counter}}, error),
        1);
}

// Shared: the cells' triangles as indices, then the vertices, a point's crossing edges each
// once (after mesh_total.wgsl's draw arguments, from the stream: the vertices' count goes into
// drawIndirect's, which the 3D view's "order" color reads).
void ComputeMesh::add_shared(const FrameBuffers& frame, BufferRef totals, BufferRef edge_totals, bool stream,
                             std::string* error) {
    add_cells(frame, "mesh_indices.wgsl", "mesh_indices_stream.wgsl", {{"edge_offsets", edge_offsets_}, {"indices", indices_}},
              totals, stream, error);
    if (!error->empty()) return;
    (stream ? stream_ : texels_)
        .push_back(own(cell_stage(
            Pass::MeshExtract,
            kernel("mesh_vertices.wgsl",
                   {{"u", frame.volume}, {"atlas", frame.atlas}, {"offsets", edge_offsets_}, {"totals", edge_totals},
                    {"counter", frame.counter}, {"positions", positions_}, {"normals", normals_}},
                   error),
            cells_, false, frame.counter)));
}

}  // namespace hp::wgpu

// The surface in the WebGPU modes, after the cell compaction: marching cubes in compute stages.
// Each cell's vertex count, in stream order; their exclusive scan (each cell's first vertex
// key, and the vertex total); the extraction, which writes each cell's vertices into the
// positions and normals buffers; the total and the surface's indirect draw arguments go into
// the frame's counter. Capacity: S² vertices; the total is exact beyond it. Both WebGPU modes
// run these same stages.
//
// Two ways to find the cells, both built, one run a frame (stages()):
//  - from the stream (classify=surface, the count read or not: the stream then lists every
//    cell the surface crosses, in order): the counts come from the cases in the stream, the
//    count and extraction kernels run one invocation a key written (dispatched indirectly),
//    and the scan covers only those keys (a ScanLimit on the block scan; the tile scans read
//    zeros past them): the work follows the surface, not the atlas;
//  - from the atlas (classify=solid, where the stream lists voxels, and readback=expected,
//    where an expected count may cut the stream short): every atlas texel's cell, as before.
// The scan is the frame's choice (ScanKind): with blocks a count kernel writes the counts and
// BlockScan scans them in place; the tile scans compute the counts themselves.
//
// Shared vertices (MeshVertices::Shared): each volume point owns its edges along +x, +y, +z
// (mesh_edges.wgsl). A second scan, of each point's crossing edges (over the atlas: a point's
// edges belong to no one cell), gives every point its first vertex key; mesh_vertices.wgsl
// computes each crossing edge's vertex once, and the cells write their triangles as indices
// into them (the soup's keys), drawn with drawIndexedIndirect. The soup is
// positions[indices[k]], bit for bit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "atlas_layout.h"
#include "block_scan.h"
#include "stage.h"
#include "tile_scan.h"

namespace hp::wgpu {

// mc_tables.wgsl's `mc` (256 vertex counts, then 256 × 16 edges), made once a mesh.
Buffer upload_mc_tables();

class ComputeMesh {
public:
    // On the frame's buffers (its Volume uniform, atlas, stream and counter, which gets the
    // vertex total and the draw arguments: compaction_counter.h). Allocates S² vertices. False
    // and why when a stage cannot be made: the mesh is then not ready, and failed() for this
    // scan and these vertices.
    bool init(const FrameBuffers& frame, ScanKind scan, MeshVertices vertices, std::string* error);
    bool ready() const { return bool(positions_); }
    bool failed() const { return failed_; }
    ScanKind scan() const { return scan_kind_; }  // the scan it was built (or failed) with
    MeshVertices vertices() const { return vertices_; }  // ... and the vertices
    // Whether a frame with these settings finds its cells in the stream.
    static bool from_stream(const FrameSettings& s) {
        return s.classify == Classify::Surface && s.readback != Readback::Expected;
    }
    // The stages of a frame, in order: the cells' vertex counts (blocks only), their scan, the
    // extraction; shared: the points' crossing edges too (blocks only), their scan, the
    // vertices, the indices.
    const std::vector<const Stage*>& stages(const FrameSettings& s) const {
        return from_stream(s) ? stream_ : texels_;
    }

    std::uint32_t capacity() const { return capacity_; }
    BufferRef positions() const { return positions_; }  // vec4<f32> a vertex: x, y, z, 1 (voxels)
    BufferRef normals() const { return normals_; }      // vec4<f32>: nx, ny, nz, 0
    BufferRef indices() const { return indices_; }      // shared: u32 a triangle corner (soup: none)

private:
    // What a scan of counts reads and where it writes (the cells' vertex counts, from the atlas
    // or from the stream; the points' crossing edges).
    struct Counts {
        const char* count_kernel;  // blocks: the kernel that writes each value (mesh_*count*.wgsl)
        const char* io_chunk;      // rts, single: the scan's `{scan_io}` (scan_io_*.wgsl)
        bool stream;               // read from the stream (bound as `cells`) up to the keys written
        // From the atlas, the `{vertices_at}` of both (vertices_at_*.wgsl: a cell's vertices,
        // or a point's crossing edges); null from the stream.
        const char* vertices_at = nullptr;
    };
    // The scan's stages into `list` (with blocks: the count kernel, then `block` limited to
    // the keys written when counts.stream; else `tile`, its total into `totals`); returns the
    // buffer that gets the total.
    BufferRef add_scan(const FrameBuffers& frame, const Counts& counts, BufferRef offsets, BufferRef totals,
                       BlockScan* block, TileScan* tile, std::vector<const Stage*>* list, std::string* error);
    void add_cells(const FrameBuffers& frame, const char* from_atlas, const char* from_stream,
                   const std::vector<Bind>& io, BufferRef totals, bool stream, std::string* error);
    void add_extract(const FrameBuffers& frame, BufferRef totals, bool stream, std::string* error);
    void add_shared(const FrameBuffers& frame, BufferRef totals, BufferRef edge_totals, bool stream,
                    std::string* error);
    std::unique_ptr<Stage> total_stage(const FrameBuffers& frame, BufferRef totals, std::string* error);
    const Stage* own(std::unique_ptr<Stage> stage);

    std::uint32_t cells_ = 0;     // S²: the atlas's texels, a cell each
    std::uint32_t capacity_ = 0;  // vertices (FrameBuffers::vertices)
    ScanKind scan_kind_ = ScanKind::Blocks;
    MeshVertices vertices_ = MeshVertices::Soup;
    bool failed_ = false;
    Buffer tables_;   // mc_tables.wgsl's `mc`, uploaded once
    Buffer offsets_;  // vertex counts (blocks), scanned into each cell's first vertex key
    Buffer totals_;   // the tile scans' vertex total
    BlockScan block_scan_, stream_block_scan_;
    TileScan tile_scan_, stream_tile_scan_;
    // Shared: the points' crossing edges (blocks), scanned into each point's first vertex key.
    Buffer edge_offsets_, edge_totals_;
    BlockScan edge_block_scan_;
    TileScan edge_tile_scan_;
    Buffer positions_, normals_, indices_;
    Stages owned_;
    std::vector<const Stage*> texels_, stream_;  // a frame's stages, cells from the atlas or the stream
};

}  // namespace hp::wgpu

// The surface in the WebGPU modes, after the cell compaction: marching cubes in compute stages
// on the frame's atlas. Each cell's vertex count in Morton order (the stream's order); their
// exclusive scan (each cell's first vertex key, and the vertex total); the extraction
// (mesh_extract.wgsl), which writes each cell's vertices into the positions and normals
// buffers and puts the total and the surface's indirect draw arguments into the frame's
// counter. The scan is the frame's choice (ScanKind): with blocks, mesh_count.wgsl writes the
// counts and BlockScan scans them in place; the tile scans compute the counts themselves from
// the atlas (scan_io_mesh.wgsl: no count stage). Capacity: S² vertices; the total is exact
// beyond it. Both WebGPU modes run these same stages.
//
// Shared vertices (MeshVertices::Shared): each volume point owns its edges along +x, +y, +z
// (mesh_edges.wgsl). A second scan, of each point's crossing edges, gives every point its
// first vertex key; mesh_vertices.wgsl computes each crossing edge's vertex once, and
// mesh_indices.wgsl writes each cell's triangles as indices into them (same keys as the
// soup's), drawn with drawIndexedIndirect. The soup is positions[indices[k]], bit for bit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "atlas_layout.h"
#include "block_scan.h"
#include "stage.h"
#include "tile_scan.h"

namespace hp::wgpu {

class ComputeMesh {
public:
    // On the frame's buffers (its Volume uniform, atlas and counter, which gets the vertex
    // total and the draw arguments: compaction_counter.h). Allocates S² vertices. False and why
    // when a stage cannot be made: the mesh is then not ready, and failed() for this scan.
    bool init(const FrameBuffers& frame, ScanKind scan, MeshVertices vertices, std::string* error);
    bool ready() const { return bool(positions_); }
    bool failed() const { return failed_; }
    ScanKind scan() const { return scan_kind_; }  // the scan it was built (or failed) with
    MeshVertices vertices() const { return vertices_; }  // ... and the vertices
    // The stages, in order: vertex counts (blocks only), their scan, the extraction; shared:
    // the cells' and the points' counts (blocks only), their scans, the vertices, the indices.
    const Stages& stages() const { return stages_; }

    std::uint32_t capacity() const { return capacity_; }
    BufferRef positions() const { return positions_; }  // vec4<f32> a vertex: x, y, z, 1 (voxels)
    BufferRef normals() const { return normals_; }      // vec4<f32>: nx, ny, nz, 0
    BufferRef indices() const { return indices_; }      // shared: u32 a triangle corner (soup: none)

private:
    // A scan of counts into `offsets` (the cells' vertex counts, or the points' crossing
    // edges): with blocks a count kernel then a BlockScan, with rts and single the tile scan
    // computing the values itself; returns the buffer that gets the total. Both kinds of counts
    // share one layout (u, atlas, the tables `mc`, their output), the tables bound whether read
    // or not.
    struct Counts {
        const char* chunk;         // what they need after volume.wgsl, cells.wgsl, mc_tables.wgsl (or null)
        const char* count_kernel;  // blocks: writes each value
        const char* io_chunk;      // rts, single: scan_io_*.wgsl
    };
    BufferRef add_scan(const FrameBuffers& frame, const Counts& counts, BufferRef offsets, BlockScan* block,
                       TileScan* tile, Buffer* totals, std::string* error);
    void add_extract(const FrameBuffers& frame, BufferRef totals, std::string* error);
    void add_shared(const FrameBuffers& frame, BufferRef totals, BufferRef edge_totals, std::string* error);

    std::uint32_t capacity_ = 0;
    ScanKind scan_kind_ = ScanKind::Blocks;
    MeshVertices vertices_ = MeshVertices::Soup;
    bool failed_ = false;
    Buffer tables_;   // mc_tables.wgsl's `mc`, uploaded once
    Buffer offsets_;  // vertex counts (blocks), scanned into each cell's first vertex key
    Buffer totals_;   // the tile scans' vertex total
    BlockScan block_scan_;
    TileScan tile_scan_;
    // Shared: the points' crossing edges (blocks), scanned into each point's first vertex key.
    Buffer edge_offsets_, edge_totals_;
    BlockScan edge_block_scan_;
    TileScan edge_tile_scan_;
    Buffer positions_, normals_, indices_;
    Stages stages_;
};

}  // namespace hp::wgpu

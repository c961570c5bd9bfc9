// The surface in the WebGPU modes, after the cell compaction: marching cubes in compute stages
// on the frame's atlas. Each cell's vertex count in Morton order (the stream's order); their
// exclusive scan (each cell's first vertex key, and the vertex total); the extraction
// (mesh_extract.wgsl), which writes each cell's vertices into the positions and normals
// buffers and puts the total and the surface's indirect draw arguments into the frame's
// counter. The scan is the frame's choice (ScanKind): with blocks, mesh_count.wgsl writes the
// counts and BlockScan scans them in place; the tile scans compute the counts themselves from
// the atlas (scan_io_mesh.wgsl: no count stage). Capacity: S² vertices; the total is exact
// beyond it. Both WebGPU modes run these same stages.
#pragma once

#include <cstdint>
#include <string>

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
    bool init(const FrameBuffers& frame, ScanKind scan, std::string* error);
    bool ready() const { return bool(positions_); }
    bool failed() const { return failed_; }
    ScanKind scan() const { return scan_kind_; }  // the scan it was built (or failed) with
    // The stages, in order: vertex counts (blocks only), their scan, the extraction.
    const Stages& stages() const { return stages_; }

    std::uint32_t capacity() const { return capacity_; }
    BufferRef positions() const { return positions_; }  // vec4<f32> a vertex: x, y, z, 1 (voxels)
    BufferRef normals() const { return normals_; }      // vec4<f32>: nx, ny, nz, 0

private:
    // The stages of the vertex counts' scan; each returns the buffer that gets the total.
    BufferRef add_block_scan(const FrameBuffers& frame, std::string* error);
    BufferRef add_tile_scan(const FrameBuffers& frame, std::string* error);
    void add_extract(const FrameBuffers& frame, BufferRef totals, std::string* error);

    std::uint32_t capacity_ = 0;
    ScanKind scan_kind_ = ScanKind::Blocks;
    bool failed_ = false;
    Buffer tables_;   // mc_tables.wgsl's `mc`, uploaded once
    Buffer offsets_;  // vertex counts (blocks), scanned into each cell's first vertex key
    Buffer totals_;   // the tile scans' vertex total
    BlockScan block_scan_;
    TileScan tile_scan_;
    Buffer positions_, normals_;
    Stages stages_;
};

}  // namespace hp::wgpu

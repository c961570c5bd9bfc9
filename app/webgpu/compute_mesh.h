// The surface in the WebGPU modes, after the cell compaction: marching cubes in three compute
// stages on the frame's atlas. Each cell's vertex count (mesh_count.wgsl, in Morton order, the
// stream's order); their exclusive scan (BlockScan: each cell's first vertex key, and the
// vertex total); the extraction (mesh_extract.wgsl), which writes each cell's vertices into
// the positions and normals buffers and puts the total and the surface's indirect draw
// arguments into the frame's counter. Capacity: S² vertices; the total is exact beyond it.
// Both WebGPU modes run these same stages.
#pragma once

#include <cstdint>
#include <string>

#include "atlas_layout.h"
#include "block_scan.h"
#include "gpu_device.h"

namespace hp::wgpu {

class ComputeMesh {
public:
    // Counter bytes (compaction_counter.wgsl): the vertex total and the drawIndirect arguments.
    static constexpr int kVerticesAt = 48, kDrawArgsAt = 64;

    // The frame's buffers: its Volume uniform, atlas and counter. Allocates S² vertices.
    bool init(const AtlasLayout& layout, int volume_uniform, int atlas, int counter, std::string* error);
    bool ready() const { return bool(positions_); }
    // Each records its stage's dispatches into the open compute pass.
    void record_count() const;
    void record_scan() const { scan_.record(); }
    void record_extract() const;

    std::uint32_t capacity() const { return capacity_; }
    int positions() const { return positions_.id(); }  // vec4<f32> a vertex: x, y, z, 1 (voxels)
    int normals() const { return normals_.id(); }      // vec4<f32>: nx, ny, nz, 0

private:
    std::uint32_t capacity_ = 0;
    int grid_x_ = 0, grid_y_ = 0;        // one invocation a texel, 256 a workgroup
    Object tables_;                      // mc_tables.wgsl's `mc`, uploaded once
    Object counts_;                      // vertex counts, scanned in place into first keys
    BlockScan scan_;
    Object positions_, normals_;
    Object count_pipeline_, count_group_, extract_pipeline_, extract_group_;
};

}  // namespace hp::wgpu

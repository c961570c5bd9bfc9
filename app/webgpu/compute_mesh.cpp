#include "compute_mesh.h"

#include <algorithm>
#include <vector>

#include "marching_cubes.h"

namespace hp::wgpu {

bool ComputeMesh::init(const AtlasLayout& layout, int volume_uniform, int atlas, int counter, std::string* error) {
    *this = ComputeMesh();
    capacity_ = std::uint32_t(layout.texel_count());
    const std::uint32_t groups = (capacity_ + 255) / 256;
    grid_x_ = int(std::min<std::uint32_t>(groups, 32768));
    grid_y_ = int((groups + 32767) / 32768);

    // The tables as i32: 256 vertex counts, then 256 × 16 edges (-1 past a case's vertices).
    std::vector<std::int32_t> tables(256 + 256 * 16);
    for (int c = 0; c < 256; ++c) tables[std::size_t(c)] = mc::vertex_count(c);
    std::copy_n(mc::triangle_table(), 256 * 16, tables.begin() + 256);
    tables_ = buffer(4.0 * tables.size(), kStorage | kCopyDst, "marching-cubes tables");
    hpgpu_write(tables_.id(), 0, tables.data(), int(4 * tables.size()));

    counts_ = buffer(4.0 * capacity_, kStorage | kCopySrc, "mesh vertex counts");
    if (!scan_.init(capacity_, counts_.id(), error)) return false;
    positions_ = buffer(16.0 * capacity_, kStorage | kCopySrc, "mesh positions");
    normals_ = buffer(16.0 * capacity_, kStorage | kCopySrc, "mesh normals");

    count_pipeline_ = pipeline({"volume.wgsl", "cells.wgsl", "mc_tables.wgsl", "mesh_count.wgsl"},
                               {kUniformBinding, kReadOnly, kReadOnly, kReadWrite}, "mesh_count.wgsl");
    count_group_ = group(count_pipeline_, {volume_uniform, atlas, tables_.id(), counts_.id()});
    extract_pipeline_ = pipeline({"volume.wgsl", "cells.wgsl", "compaction_counter.wgsl", "mc_tables.wgsl",
                                  "mesh_extract.wgsl"},
                                 {kUniformBinding, kReadOnly, kReadOnly, kReadOnly, kReadOnly, kReadWrite, kReadWrite,
                                  kReadWrite},
                                 "mesh_extract.wgsl");
    extract_group_ = group(extract_pipeline_, {volume_uniform, atlas, tables_.id(), counts_.id(), scan_.total_buffer(),
                                               counter, positions_.id(), normals_.id()});
    return true;
}

void ComputeMesh::record_count() const { hpgpu_dispatch(count_pipeline_.id(), count_group_.id(), grid_x_, grid_y_); }

void ComputeMesh::record_extract() const {
    hpgpu_dispatch(extract_pipeline_.id(), extract_group_.id(), grid_x_, grid_y_);
}

}  // namespace hp::wgpu

// The surface, after the cells are compacted: marching cubes on the GPU as HPMC and Mol* do
// it, with a second histopyramid. A pass writes each cell's vertex count (3 × the triangles
// of its case) into a base; the pyramid over those counts has the vertex total at its top;
// its traversal gives each vertex key its cell and its index inside the cell, and writes the
// vertex's position and normal into two float textures. The mesh stays there: the 3D view
// draws it with gl_VertexID (app/gpu/views/surface_view.h), the export reads it back.
// Capacity: size² vertices (key k at its texel in 8×4 tiles: stream_tiles.h); the total is exact
// beyond it, the vertices past it are not written.
//
// Its passes, a file each, owned by their stages (gl_stages.cpp): mesh_count_pass.h (or
// classify_count_pass.h, fused with the classification), the reduction and the vertex total
// (this pyramid's reduce_pass.h and count_readback.h, below), mesh_extract_pass.h. This class
// holds what they share: the counts, the tables, the pyramid.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gl_objects.h"
#include "histopyramid.h"
#include "mc_tables.h"
#include "volume_stages.h"

namespace hp {

class SurfaceMesh {
public:
    // `format`: the vertex pyramid's sums, as the volume's (float sums are exact up to 2^24
    // vertices; a 512³ surface can have 45M).
    bool init(const AtlasLayout& layout, SumFormat format, std::string* error);
    void abandon();

    // The base: RG16F, exact integers: each cell's vertex count (the pyramid's base) and its
    // case, which the extraction reads instead of the cell's eight corners.
    const gl::Texture& counts() const { return counts_; }
    const gl::Framebuffer& counts_target() const { return counts_target_; }
    const McTables& tables() const { return tables_; }
    // The pyramid over the counts.
    void reduce() { pyramid_.reduce(counts_); }
    // The vertex total, like the cell count: read now (waits), or requested and collected.
    std::uint32_t read_total() { return pyramid_.read_count(); }
    void request_total() { pyramid_.request_count(); }
    bool newest_total(std::uint32_t* total, std::uint32_t* frames_old) {
        return pyramid_.newest_count(total, frames_old);
    }
    // For a program that walks the pyramid itself (traverse_scalar.glsl, mc_tables.glsl: the
    // vertex route of the 3D view): binds the pyramid, its base and the tables, and sets the
    // traversal's uniforms (the program is in use afterwards), their locations looked up once
    // by the program's owner.
    struct WalkUniforms {
        GLint pyramid = -1, base = -1, top_lod = -1, size = -1, limit = -1;
        static WalkUniforms of(const gl::Program& p);
    };
    void bind_walk(const gl::Program& p, const WalkUniforms& u, std::uint32_t limit) const;

    std::uint32_t capacity() const { return std::uint32_t(pyramid_.size()) * std::uint32_t(pyramid_.size()); }
    std::uint64_t stream_capacity() const { return pyramid_.stream_capacity(); }  // what the textures hold now
    int size() const { return pyramid_.size(); }
    const gl::Texture& positions() const { return pyramid_.stream(0); }  // RGBA32F: x, y, z, 1
    const gl::Texture& normals() const { return pyramid_.stream(1); }    // RGBA32F: nx, ny, nz, 0 (labels: the other side)
    const HistoPyramid& pyramid() const { return pyramid_; }
    HistoPyramid& pyramid() { return pyramid_; }
    // The first `n` vertices, 3 floats each (the textures' fourth components dropped).
    std::vector<float> read_positions(std::uint32_t n) const { return xyz(pyramid_.read_stream(n, 0)); }
    std::vector<float> read_normals(std::uint32_t n) const { return xyz(pyramid_.read_stream(n, 1)); }
    // A label map's (classify=labels): each vertex's label, the positions' fourth component.
    // other: the label on the other side of each vertex's face, the normals' fourth component.
    std::vector<float> read_labels(std::uint32_t n, bool other = false) const {
        const std::vector<float> rgba = pyramid_.read_stream(n, other ? 1 : 0);
        std::vector<float> out(rgba.size() / 4);
        for (std::size_t i = 0; i < out.size(); ++i) out[i] = rgba[4 * i + 3];
        return out;
    }

private:
    static std::vector<float> xyz(const std::vector<float>& rgba);

    gl::Texture counts_;
    gl::Framebuffer counts_target_;
    McTables tables_;
    HistoPyramid pyramid_;  // over counts_
};

}  // namespace hp

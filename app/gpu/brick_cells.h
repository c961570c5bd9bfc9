// The second level of a bricked compaction (issue 40), on the GPU: the brick pool (a 3D texture
// of slots, each holding one brick's voxels as brick_pool.h lays them out) and, a round at a
// time, the cells of the round's bricks classified from their slots into a base of their own
// (shaders/brick_cells.glsl: a tile of a slot's slices a slot) and compacted by the histopyramid
// library into stream entries in the volume's coordinates, (x, y, z, case) as the unbricked
// surface stream's. The rounds' streams together hold every cell of the unbricked stream (the
// order is the rounds', the slots' and Morton's within a slot's tile: not the atlas's).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "brick_level.h"
#include "brick_pool.h"
#include "mc_tables.h"
#include "volume_file.h"

namespace hp {

class BrickCells {
public:
    // A pool of `slots` slots (A×A×D: A·(B + 3) and D·(B + 3) at most the GPU's largest 3D
    // texture) for bricks of `grid`, and the passes for rounds of at most `round` bricks (0: as
    // many as the slots); false and why.
    // The pool holds the volume's values as stored (`type`: R8UI, R8I, R16UI, R16I, or R32F for
    // floats), `scaling` applied where the shaders read them (brick_pool_*.glsl). A pool the GPU
    // has no memory for: false and "the GPU has no memory for WebGL2's brick pool (… MiB)".
    // `labels`: classify=labels (the grid label_bricks', brick_grid.h): a base texel is a voxel,
    // its entry (x, y, z, label), its surface labels.glsl's (the label in the position's w, the
    // other side's in the normal's).
    bool init(const BrickGrid& grid, std::uint32_t slots, std::uint32_t round, Stored type, Scaling scaling,
              bool labels, std::string* error);
    bool labels() const { return labels_; }
    // The GPU bytes init() takes: the pool's (`pool`) and the round's (`round`: the round table,
    // the base, the vertex counts and the two pyramids; the streams apart, as they grow with what
    // a round emits).
    static double pool_bytes(const BrickGrid& grid, std::uint32_t slots, Stored type);
    static double round_bytes(const BrickGrid& grid, std::uint32_t round);
    void abandon();
    std::uint32_t slots() const { return slots_; }
    std::uint32_t round() const { return round_; }

    // The crop box the next runs read through (null: none; brick_cells.glsl's brick_value).
    void set_crop(const BrickCrop* crop) { crop_ = BrickCrop::of(crop); }
    // Writes the planned bricks' voxels into their slots.
    void upload(const VoxelValues& values, const std::vector<BrickResidency::Upload>& uploads);
    // Classifies and compacts the cells of `round` (its bricks, in its slots, uploaded) at
    // `iso`: the entries counted (read back).
    std::uint32_t run(const BrickResidency::Round& round, float iso);
    std::vector<float> read_stream(std::uint32_t count) const { return pyramid_.read_stream(count); }
    // The surface of the round's cells (marching cubes from the pool, as surface_mesh.h makes
    // it from the atlas: a pyramid over each cell's vertex count, its traversal writing each
    // vertex): the vertex total (read back). Vertices in the order of the round's stream, each
    // cell's in its case's order; 4 floats each (x, y, z, 1 and nx, ny, nz, 0).
    std::uint32_t run_mesh(const BrickResidency::Round& round, float iso) {
        const std::uint32_t total = count_mesh(round, iso);
        extract_mesh(round, iso, total);
        return total;
    }
    // run_mesh's two halves: the vertex total (read back), then the vertices written (at most
    // mesh_capacity(): a caller may instead run the round again in parts).
    std::uint32_t count_mesh(const BrickResidency::Round& round, float iso);
    void extract_mesh(const BrickResidency::Round& round, float iso, std::uint32_t total);
    std::vector<float> read_positions(std::uint32_t n) const { return mesh_.read_stream(n, 0); }
    std::vector<float> read_normals(std::uint32_t n) const { return mesh_.read_stream(n, 1); }
    // The round's surface as the extraction wrote it: RGBA32F textures `mesh_size()` wide, vertex
    // k at its tile texel (stream_tiles.glsl).
    const gl::Texture& mesh_positions() const { return mesh_.stream(0); }
    const gl::Texture& mesh_normals() const { return mesh_.stream(1); }
    int mesh_size() const { return mesh_.size(); }
    int mesh_rows() const { return mesh_.stream_rows(); }
    // The most vertices a round's surface stream holds (its total is exact beyond).
    std::uint64_t mesh_capacity() const { return std::uint64_t(base_side_) * std::uint64_t(base_side_); }

private:
    class ClassifyPass : public FullscreenPass {
    public:
        bool init(const char* pool, std::string* error) { return build({pool, "brick_cells.glsl", "label_faces.glsl", "brick_cells.frag"}, error); }
        void draw(const gl::Framebuffer& target, int side) const {
            begin(target, side, side);
            glDrawArrays(GL_TRIANGLES, 0, 3);
        }
    };
    class CountsPass : public ClassifyPass {
    public:
        bool init(const char* pool, std::string* error) {
            return build({"mc_tables.glsl", pool, "brick_cells.glsl", "label_faces.glsl", "brick_counts.frag"}, error);
        }
    };
    void set_uniforms(const gl::Program& p, float iso) const;
    std::optional<BrickCrop> crop_;  // set_crop's
    void use_round(const BrickResidency::Round& round);  // its table

    BrickGrid grid_;  // its ranges unused: the sizes
    std::uint32_t slots_ = 0, round_ = 0;
    Stored type_ = Stored::F32;
    Scaling scaling_;
    bool labels_ = false;
    int slots_row_ = 0, round_row_ = 0, tile_slices_ = 0, base_tiles_ = 0, base_side_ = 0;
    gl::Texture3D pool_;     // the stored type (R32F for floats): A·S × A·S × D·S
    gl::Texture round_table_; // RG32UI E×E: each entry's brick and slot
    gl::Texture base_;       // R8 base_side²
    gl::Framebuffer base_target_;
    ClassifyPass classify_;
    HistoPyramid pyramid_;
    gl::Texture counts_;  // RG16F base_side²: each cell's vertex count and case
    gl::Framebuffer counts_target_;
    CountsPass count_pass_;
    McTables tables_;
    HistoPyramid mesh_;
};

}  // namespace hp

#include "brick_cells.h"

#include <cmath>
#include <cstdio>

#include "shader_program.h"

namespace hp {
namespace {
// The pool's units: past the pyramid's (0, 1) and the shared samplers (volume_block.h: 2 to 4).
constexpr int kPoolUnit = 5, kRoundUnit = 6;
}  // namespace

namespace {
// The pool's slots a row and a column (A), its layers (D); a round's entries a row (E), a
// tile's slices a side, and the base's side.
struct PoolShape {
    int row = 1, layers = 1, round_row = 1, tile_slices = 1, side = 16;
    PoolShape(const BrickGrid& grid, std::uint32_t slots, std::uint32_t round, int max_3d) {
        const int s = slot_side(grid), most = std::max(1, max_3d / s);
        while (std::uint32_t(row) * std::uint32_t(row) < slots && row < most) ++row;
        layers = int((slots + std::uint32_t(row) * std::uint32_t(row) - 1) / (std::uint32_t(row) * std::uint32_t(row)));
        while (std::uint32_t(round_row) * std::uint32_t(round_row) < round) ++round_row;
        tile_slices = int(std::ceil(std::sqrt(double(grid.size))));
        const int tile = tile_slices * grid.size;
        while ((side / tile) * (side / tile) < round_row * round_row) side *= 2;
    }
};
}  // namespace

// The pool's texture for a stored type, the chunk its shaders read it with, and how it uploads.
struct PoolFormat {
    GLenum internal, format, type;
    const char* chunk;
};
PoolFormat pool_format(Stored t) {
    switch (t) {
        case Stored::U8: return {GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, "brick_pool_uint.glsl"};
        case Stored::I8: return {GL_R8I, GL_RED_INTEGER, GL_BYTE, "brick_pool_int.glsl"};
        case Stored::U16: return {GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT, "brick_pool_uint.glsl"};
        case Stored::I16: return {GL_R16I, GL_RED_INTEGER, GL_SHORT, "brick_pool_int.glsl"};
        case Stored::F32: break;
    }
    return {GL_R32F, GL_RED, GL_FLOAT, "brick_pool_float.glsl"};
}

double BrickCells::pool_bytes(const BrickGrid& grid, std::uint32_t slots, Stored type) {
    const double s = slot_side(grid);
    return double(slots) * s * s * s * stored_size(type);  // a last layer part-filled: its rows, not counted
}

double BrickCells::round_bytes(const BrickGrid& grid, std::uint32_t round) {
    const PoolShape p(grid, 1, round, 1 << 30);
    const double texels = double(p.side) * double(p.side);
    // RG32UI table, R8 base, RG16F counts, two R32UI pyramids (a third more than their base).
    return double(p.round_row) * p.round_row * 8 + texels * (1 + 4 + 2 * 4 * 4.0 / 3);
}

bool BrickCells::init(const BrickGrid& grid, std::uint32_t slots, std::uint32_t round, Stored type, Scaling scaling,
                      bool labels, std::string* error) {
    slots_ = 0;
    type_ = type, scaling_ = scaling, labels_ = labels;
    const PoolFormat f = pool_format(type);
    grid_ = grid;
    grid_.lo.clear(), grid_.hi.clear();
    if (round == 0 || round > slots) round = slots;
    const int s = slot_side(grid), b = grid.size;
    GLint max3d = 0;
    glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
    const PoolShape shape(grid, slots, round, max3d);
    if (shape.row * s > max3d || shape.layers * s > max3d)
        return *error = "a pool of " + std::to_string(slots) + " bricks needs a 3D texture of " +
                        std::to_string(shape.layers * s) + " texels deep; this GPU's largest is " + std::to_string(max3d), false;
    const int row = shape.row;
    tile_slices_ = shape.tile_slices;
    const int side = shape.side;
    base_side_ = side, base_tiles_ = side / (tile_slices_ * b);
    for (int i = 0; i < 8 && glGetError() != GL_NO_ERROR; ++i) {}  // errors from before
    pool_ = gl::Texture3D(f.internal, row * s, row * s, shape.layers * s);
    if (glGetError() == GL_OUT_OF_MEMORY) {  // asked once a pool: a GPU without the memory says so here
        pool_ = gl::Texture3D();
        char mib[32];
        const double bytes = pool_bytes(grid, slots, type);
        if (bytes >= (2 << 20)) std::snprintf(mib, sizeof mib, "%.0f MiB", bytes / (1 << 20));
        else std::snprintf(mib, sizeof mib, "%.0f KiB", std::ceil(bytes / 1024));
        return *error = std::string("the GPU has no memory for WebGL2's brick pool (") + mib + ")", false;
    }
    round_table_ = gl::Texture(GL_RG32UI, shape.round_row, shape.round_row);
    base_ = gl::Texture(GL_R8, side, side);
    base_target_ = gl::color_target(base_);
    if (!base_target_) return *error = "the brick cells' base cannot be rendered into", false;
    if (!classify_.init(f.chunk, error)) return false;
    HistoPyramidDesc desc;
    desc.size = side;
    desc.format = SumFormat::Uint;
    desc.emit = {f.chunk, "brick_cells.glsl", "label_faces.glsl", "emit_brick_cell.glsl"};
    if (!pyramid_.init(desc, error)) return false;
    counts_ = gl::Texture(GL_RG16F, side, side);
    counts_target_ = gl::color_target(counts_);
    if (!counts_target_) return *error = "cannot render into an RG16F texture (the bricked mesh's vertex counts)", false;
    if (!count_pass_.init(f.chunk, error)) return false;
    tables_.init();
    HistoPyramidDesc mesh = desc;  // as MeshExtractPass's, its vertex from the pool
    mesh.emit = {"mc_tables.glsl", f.chunk, "brick_cells.glsl", "label_faces.glsl", "labels.glsl", "emit_brick_vertex.glsl", "stream_tiles.glsl"};
    mesh.traverse_main = "mesh_extract.frag";
    mesh.stream_outputs = 2;
    mesh.tiles = true;
    if (!mesh_.init(mesh, error)) return false;
    slots_row_ = row, round_row_ = shape.round_row;
    slots_ = slots, round_ = round;
    return true;
}

void BrickCells::abandon() {
    slots_ = 0;
    pool_.abandon();
    round_table_.abandon();
    base_.abandon();
    base_target_.abandon();
    classify_.abandon();
    pyramid_.abandon();
    counts_.abandon();
    counts_target_.abandon();
    count_pass_.abandon();
    tables_.abandon();
    mesh_.abandon();
}

void BrickCells::upload(const VoxelValues& values, const std::vector<BrickResidency::Upload>& uploads) {
    const int s = slot_side(grid_);
    const PoolFormat f = pool_format(type_);
    std::vector<std::uint8_t> voxels(std::size_t(s) * std::size_t(s) * std::size_t(s) * std::size_t(stored_size(type_)));
    glBindTexture(GL_TEXTURE_3D, pool_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (const BrickResidency::Upload& u : uploads) {
        brick_stored(values, grid_, u.brick, voxels.data());
        const std::uint32_t a = std::uint32_t(slots_row_);
        const int x = int(u.slot % a) * s, y = int(u.slot / a % a) * s, z = int(u.slot / (a * a)) * s;
        glTexSubImage3D(GL_TEXTURE_3D, 0, x, y, z, s, s, s, f.format, f.type, voxels.data());
    }
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glBindTexture(GL_TEXTURE_3D, 0);
}

void BrickCells::set_uniforms(const gl::Program& p, float iso) const {
    glUseProgram(p.id());
    glUniform1i(gl::uniform(p, "uPool"), kPoolUnit);
    glUniform1i(gl::uniform(p, "uRound"), kRoundUnit);
    glUniform1i(gl::uniform(p, "uRoundRow"), round_row_);
    glUniform1i(gl::uniform(p, "uB"), grid_.size);
    glUniform1i(gl::uniform(p, "uTileSlices"), tile_slices_);
    glUniform1i(gl::uniform(p, "uSlotsRow"), slots_row_);
    glUniform1i(gl::uniform(p, "uBaseTiles"), base_tiles_);
    glUniform3i(gl::uniform(p, "uGrid"), grid_.grid[0], grid_.grid[1], grid_.grid[2]);
    glUniform3i(gl::uniform(p, "uDims"), grid_.dims[0], grid_.dims[1], grid_.dims[2]);
    glUniform1f(gl::uniform(p, "uBrickIso"), iso);
    glUniform1f(gl::uniform(p, "uSlope"), float(scaling_.slope));  // absent (-1) in a float pool's
    glUniform1f(gl::uniform(p, "uIntercept"), float(scaling_.intercept));
    glUniform1i(gl::uniform(p, "uLabels"), labels_ ? 1 : 0);
    glUniform1i(gl::uniform(p, "uCropped"), crop_ ? 1 : 0);
    if (!crop_) return;
    glUniform3i(gl::uniform(p, "uCropLo"), crop_->box.lo[0], crop_->box.lo[1], crop_->box.lo[2]);
    glUniform3i(gl::uniform(p, "uCropHi"), crop_->box.hi[0], crop_->box.hi[1], crop_->box.hi[2]);
    glUniform1f(gl::uniform(p, "uBackground"), crop_->background);
}

void BrickCells::use_round(const BrickResidency::Round& round) {
    // Entry t: the round's brick t and its slot; none past them.
    std::vector<std::uint32_t> table(2 * std::size_t(round_row_) * std::size_t(round_row_), BrickResidency::kNone);
    for (std::size_t i = 0; i < round.bricks.size() && i < std::size_t(round_); ++i)
        table[2 * i] = round.bricks[i], table[2 * i + 1] = round.slots[i];
    glBindTexture(GL_TEXTURE_2D, round_table_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, round_row_, round_row_, GL_RG_INTEGER, GL_UNSIGNED_INT, table.data());
    glBindTexture(GL_TEXTURE_2D, 0);
}

std::uint32_t BrickCells::run(const BrickResidency::Round& round, float iso) {
    use_round(round);
    const auto bind = [&] {  // the pyramid's passes take units 0 and 1: bound again before each use
        gl::bind_texture(kPoolUnit, pool_);
        gl::bind_texture(kRoundUnit, round_table_);
    };
    bind();
    set_uniforms(classify_.program(), iso);
    classify_.draw(base_target_, base_side_);
    pyramid_.reduce(base_);
    const std::uint32_t count = pyramid_.read_count();
    bind();
    set_uniforms(pyramid_.traversal_program(), iso);
    pyramid_.traverse(base_, count);
    return count;
}

std::uint32_t BrickCells::count_mesh(const BrickResidency::Round& round, float iso) {
    use_round(round);
    gl::bind_texture(kPoolUnit, pool_);
    gl::bind_texture(kRoundUnit, round_table_);
    tables_.bind();
    set_uniforms(count_pass_.program(), iso);
    count_pass_.draw(counts_target_, base_side_);
    mesh_.reduce(counts_);
    return mesh_.read_count();
}

void BrickCells::extract_mesh(const BrickResidency::Round& round, float iso, std::uint32_t total) {
    (void)round;  // its table, bound by count_mesh
    gl::bind_texture(kPoolUnit, pool_);
    gl::bind_texture(kRoundUnit, round_table_);
    tables_.bind();
    set_uniforms(mesh_.traversal_program(), iso);
    mesh_.traverse(counts_, total);
}

}  // namespace hp

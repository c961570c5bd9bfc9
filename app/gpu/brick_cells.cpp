#include "brick_cells.h"

#include <cmath>

#include "shader_program.h"

namespace hp {

bool BrickCells::init(const BrickGrid& grid, std::uint32_t slots, std::string* error) {
    slots_row_ = 0;
    grid_ = grid;
    grid_.lo.clear(), grid_.hi.clear();
    const int s = slot_side(grid), b = grid.size;
    int row = 1;
    while (std::uint32_t(row) * std::uint32_t(row) < slots) ++row;
    GLint max3d = 0;
    glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
    if (row * s > max3d)
        return *error = "a pool of " + std::to_string(slots) + " bricks needs a 3D texture of " + std::to_string(row * s) +
                        " texels a side; this GPU's largest is " + std::to_string(max3d), false;
    tile_slices_ = int(std::ceil(std::sqrt(double(b))));
    const int tile = tile_slices_ * b;
    int side = 16;
    while ((side / tile) * (side / tile) < row * row) side *= 2;
    base_side_ = side, base_tiles_ = side / tile;
    pool_ = gl::Texture3D(GL_R32F, row * s, row * s, s);
    slot_brick_ = gl::Texture(GL_R32UI, row, row);
    base_ = gl::Texture(GL_R8, side, side);
    base_target_ = gl::color_target(base_);
    if (!base_target_) return *error = "the brick cells' base cannot be rendered into", false;
    if (!classify_.init(error)) return false;
    HistoPyramidDesc desc;
    desc.size = side;
    desc.format = SumFormat::Uint;
    desc.emit = {"brick_cells.glsl", "emit_brick_cell.glsl"};
    if (!pyramid_.init(desc, error)) return false;
    slots_row_ = row;
    return true;
}

void BrickCells::abandon() {
    slots_row_ = 0;
    pool_.abandon();
    slot_brick_.abandon();
    base_.abandon();
    base_target_.abandon();
    classify_.abandon();
    pyramid_.abandon();
}

void BrickCells::upload(const VoxelValues& values, const std::vector<BrickResidency::Upload>& uploads) {
    const int s = slot_side(grid_);
    std::vector<float> voxels(std::size_t(s) * std::size_t(s) * std::size_t(s));
    glBindTexture(GL_TEXTURE_3D, pool_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    for (const BrickResidency::Upload& u : uploads) {
        brick_voxels(values, grid_, u.brick, voxels.data());
        const int x = int(u.slot % std::uint32_t(slots_row_)) * s, y = int(u.slot / std::uint32_t(slots_row_)) * s;
        glTexSubImage3D(GL_TEXTURE_3D, 0, x, y, 0, s, s, s, GL_RED, GL_FLOAT, voxels.data());
    }
    glBindTexture(GL_TEXTURE_3D, 0);
}

void BrickCells::set_uniforms(const gl::Program& p, float iso) const {
    glUseProgram(p.id());
    glUniform1i(gl::uniform(p, "uPool"), 2);
    glUniform1i(gl::uniform(p, "uSlotBrick"), 3);
    glUniform1i(gl::uniform(p, "uB"), grid_.size);
    glUniform1i(gl::uniform(p, "uTileSlices"), tile_slices_);
    glUniform1i(gl::uniform(p, "uSlotsRow"), slots_row_);
    glUniform1i(gl::uniform(p, "uBaseTiles"), base_tiles_);
    glUniform3i(gl::uniform(p, "uGrid"), grid_.grid[0], grid_.grid[1], grid_.grid[2]);
    glUniform3i(gl::uniform(p, "uDims"), grid_.dims[0], grid_.dims[1], grid_.dims[2]);
    glUniform1f(gl::uniform(p, "uBrickIso"), iso);
}

std::uint32_t BrickCells::run(const BrickResidency::Round& round, float iso) {
    // The slots this round reads: its bricks where it put them, none elsewhere.
    std::vector<std::uint32_t> table(std::size_t(slots_row_) * std::size_t(slots_row_), BrickResidency::kNone);
    for (std::size_t i = 0; i < round.bricks.size(); ++i)
        if (round.slots[i] < table.size()) table[round.slots[i]] = round.bricks[i];
    glBindTexture(GL_TEXTURE_2D, slot_brick_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, slots_row_, slots_row_, GL_RED_INTEGER, GL_UNSIGNED_INT, table.data());
    glBindTexture(GL_TEXTURE_2D, 0);
    gl::bind_texture(2, pool_);
    gl::bind_texture(3, slot_brick_);
    set_uniforms(classify_.program(), iso);
    classify_.draw(base_target_, base_side_);
    pyramid_.reduce(base_);
    const std::uint32_t count = pyramid_.read_count();
    gl::bind_texture(2, pool_);  // the traversal's emit reads them too
    gl::bind_texture(3, slot_brick_);
    set_uniforms(pyramid_.traversal_program(), iso);
    pyramid_.traverse(base_, count);
    return count;
}

}  // namespace hp

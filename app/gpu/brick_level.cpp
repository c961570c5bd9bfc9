#include "brick_level.h"

#include "shader_program.h"

namespace hp {

void BrickLevel::FlagsPass::run(const gl::Framebuffer& target, const gl::Texture& ranges, int side, float iso) const {
    begin(target, side, side);
    gl::bind_texture(0, ranges);
    glUniform1i(gl::uniform(program(), "uRanges"), 0);
    glUniform1f(gl::uniform(program(), "uIso"), iso);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

void BrickLevel::FlagsPass::crop(const BrickGrid& grid, const BrickCrop* crop) const {
    glUseProgram(program().id());
    glUniform1i(gl::uniform(program(), "uCropped"), crop ? 1 : 0);
    if (!crop) return;
    const CropBox& c = crop->box;
    glUniform3i(gl::uniform(program(), "uCropLo"), c.lo[0], c.lo[1], c.lo[2]);
    glUniform3i(gl::uniform(program(), "uCropHi"), c.hi[0], c.hi[1], c.hi[2]);
    glUniform1f(gl::uniform(program(), "uBackground"), crop->background);
    glUniform1i(gl::uniform(program(), "uB"), grid.size);
    glUniform3i(gl::uniform(program(), "uGrid"), grid.grid[0], grid.grid[1], grid.grid[2]);
    glUniform3i(gl::uniform(program(), "uDims"), grid.dims[0], grid.dims[1], grid.dims[2]);
}

bool BrickLevel::init(const BrickGrid& grid, std::string* error) {
    side_ = 0;  // what was made for the last grid goes as the new objects replace it
    grid_ = grid;
    grid_.lo.clear(), grid_.hi.clear();  // the sizes alone
    const std::size_t n = grid.lo.size();
    int side = 16;
    while (std::size_t(side) * std::size_t(side) < n) side *= 2;
    std::vector<float> texels(2 * std::size_t(side) * std::size_t(side));
    for (std::size_t i = 0; i < texels.size() / 2; ++i) {
        texels[2 * i] = i < n ? grid.lo[i] : 1.0f;
        texels[2 * i + 1] = i < n ? grid.hi[i] : 0.0f;
    }
    ranges_ = gl::Texture(GL_RG32F, side, side);
    glBindTexture(GL_TEXTURE_2D, ranges_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, side, side, GL_RG, GL_FLOAT, texels.data());
    glBindTexture(GL_TEXTURE_2D, 0);
    base_ = gl::Texture(GL_R8, side, side);
    base_target_ = gl::color_target(base_);
    if (!base_target_) return *error = "the brick level's base cannot be rendered into", false;
    if (!flags_.init(error)) return false;
    HistoPyramidDesc desc;
    desc.size = side;
    desc.format = SumFormat::Uint;  // renderable wherever WebGL2 runs
    if (!pyramid_.init(desc, error)) return false;
    requests_ = 0;  // a new pyramid: its count ring starts anew
    side_ = side;
    return true;
}

void BrickLevel::abandon() {
    side_ = 0;
    ranges_.abandon();
    base_.abandon();
    base_target_.abandon();
    flags_.abandon();
    pyramid_.abandon();
}

void BrickLevel::request(float iso) {
    flags_.crop(grid_, nullptr);
    flags_.run(base_target_, ranges_, side_, iso);
    pyramid_.reduce(base_);
    pyramid_.request_count();
    iso_of_request_[requests_++ % kIsosKept] = iso;
}

bool BrickLevel::newest(float iso, std::uint32_t* active) {
    std::uint32_t count = 0, old = 0;
    // `old` requests came after the one answered: it is request requests_ − 1 − old.
    if (!pyramid_.newest_count(&count, &old) || old >= requests_ || old >= kIsosKept) return false;
    if (iso_of_request_[(requests_ - 1 - old) % kIsosKept] != iso) return false;
    *active = count;
    return true;
}

std::uint32_t BrickLevel::run(float iso, const BrickCrop* crop) {
    flags_.crop(grid_, crop);
    flags_.run(base_target_, ranges_, side_, iso);
    pyramid_.reduce(base_);
    const std::uint32_t count = pyramid_.read_count();
    pyramid_.traverse(base_, count);
    return count;
}

std::vector<std::uint32_t> BrickLevel::read_active(std::uint32_t count) const {
    const std::vector<float> keys = pyramid_.read_stream(count);
    std::vector<std::uint32_t> out(count);
    for (std::uint32_t k = 0; k < count; ++k)
        out[k] = std::uint32_t(keys[4 * std::size_t(k)]) + std::uint32_t(side_) * std::uint32_t(keys[4 * std::size_t(k) + 1]);
    return out;
}

}  // namespace hp

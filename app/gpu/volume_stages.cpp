#include "volume_stages.h"

#include <algorithm>
#include <cstring>

#include "volume_atlas.h"

namespace hp {

bool VolumeStages::init(const AtlasLayout& layout, std::string* error) {
    *this = VolumeStages();
    layout_ = layout;
    if (!layout.valid(error)) return false;
    const int s = layout.atlas;
    atlas_ = gl::Texture(GL_R32F, s, s);
    base_ = gl::Texture(GL_R8, s, s);  // 0/1: a byte a texel keeps the first reduction cheap
    atlas_target_ = gl::color_target(atlas_);
    base_target_ = gl::color_target(base_);
    if (!atlas_target_ || !base_target_) {
        *error = "cannot render into the R32F slice atlas (EXT_color_buffer_float missing?)";
        return false;
    }
    block_buffer_ = gl::make_buffer();
    block_ = VolumeBlock::of(layout, FrameSettings());
    glBindBuffer(GL_UNIFORM_BUFFER, block_buffer_.id());
    glBufferData(GL_UNIFORM_BUFFER, sizeof(VolumeBlock), &block_, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_UNIFORM_BUFFER, 0);
    // Everything starts at zero: the atlas rows below the volume are never written again.
    for (const auto* fb : {&atlas_target_, &base_target_}) {
        glBindFramebuffer(GL_FRAMEBUFFER, fb->id());
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return true;
}

void VolumeStages::abandon() {
    for (auto* t : {&atlas_, &base_}) t->abandon();
    atlas_target_.abandon();
    base_target_.abandon();
    block_buffer_.abandon();
}

void VolumeStages::use(Classify mode, float iso) const {
    VolumeBlock b = block_;
    b.classify = int(mode);
    b.iso = iso;
    write(b);
}

void VolumeStages::write(const VolumeBlock& b) const {
    glBindBufferBase(GL_UNIFORM_BUFFER, kVolumeBinding, block_buffer_.id());
    if (std::memcmp(&b, &block_, sizeof b) != 0) {  // every byte is a field (pad included)
        block_ = b;
        glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof(VolumeBlock), &block_);
    }
    gl::bind_texture(kAtlasUnit, atlas_);
}

void VolumeStages::draw_volume_rows() const {
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, layout_.atlas, layout_.volume_rows());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDisable(GL_SCISSOR_TEST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void VolumeStages::upload(const Volume& volume) {
    for_each_tile_row(volume, layout_, [this](int first, int rows, const float* band) { upload_rows(band, rows, first); });
    rows_below_written_ = true;
}

void VolumeStages::upload_rows(const float* values, int rows, int first) {
    glBindTexture(GL_TEXTURE_2D, atlas_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, first, layout_.atlas, rows, GL_RED, GL_FLOAT, values);
    glBindTexture(GL_TEXTURE_2D, 0);
}

std::vector<float> VolumeStages::read_atlas() const {
    const int s = layout_.atlas;
    std::vector<float> out(std::size_t(s) * s, 0.0f);
    // Bands keep the RGBA read small.
    const int band = std::max(1, (1 << 18) / s);
    for (int y = 0; y < layout_.volume_rows(); y += band) {
        const int h = std::min(band, layout_.volume_rows() - y);
        const std::vector<float> rows = read_texels(0, y, s, h);
        std::copy(rows.begin(), rows.end(), out.begin() + std::ptrdiff_t(y) * s);
    }
    return out;
}

std::vector<float> VolumeStages::read_texels(int x, int y, int w, int h) const {
    // RGBA/FLOAT is the read format every float color buffer supports.
    std::vector<float> rgba(std::size_t(w) * std::size_t(h) * 4), out(std::size_t(w) * std::size_t(h));
    glBindFramebuffer(GL_FRAMEBUFFER, atlas_target_.id());
    glReadPixels(x, y, w, h, GL_RGBA, GL_FLOAT, rgba.data());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = rgba[4 * i];
    return out;
}

}  // namespace hp

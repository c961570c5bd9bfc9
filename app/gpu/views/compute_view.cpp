#include "compute_view.h"

#include <algorithm>

#include "shader_program.h"

namespace hp {

bool ComputeView::init(const AtlasLayout& layout, std::string* error) {
    *this = ComputeView();
    // Past kMaxGlAtlas the views get small textures and nothing to show (16384²'s RGBA32F
    // stream texture alone would be 4 GiB): the 3D view and the counts run, and the 2D views'
    // captions say why their panels are empty (view_registry.cpp).
    hidden_ = layout.atlas > kMaxGlAtlas;
    if (!volume_.init(hidden_ ? AtlasLayout(512, 64) : layout, error) || !classify_.init(error)) return false;
    const AtlasLayout& shown = volume_.layout();
    stream_ = gl::Texture(GL_RGBA32F, shown.atlas, shown.atlas);
    const std::int64_t words = (shown.texel_count() - 1) / 3;  // every level above the base
    levels_ = gl::Texture(GL_R32UI, kLevelsWidth, int(std::max<std::int64_t>(1, (words + kLevelsWidth - 1) / kLevelsWidth)));
    return true;
}

void ComputeView::abandon() {
    volume_.abandon();
    classify_.abandon();
    levels_.abandon();
    stream_.abandon();
}

void ComputeView::show(const float* atlas_rows, const std::uint32_t* levels, std::size_t words,
                       const std::vector<std::uint32_t>& offsets, int top, const float* stream_rows, int rows,
                       const FrameSettings& settings) {
    if (hidden_) return;
    const int s = size();
    if (atlas_rows) {
        volume_.upload_rows(atlas_rows, volume_.layout().volume_rows());
        volume_.use(settings);  // its classification, cropped as the frame's
        classify_.run(volume_);
    }
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    if (rows > 0) {
        glBindTexture(GL_TEXTURE_2D, stream_.id());
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, s, rows, GL_RGBA, GL_FLOAT, stream_rows);
    }
    top_ = words ? top : 0;
    offsets_ = offsets;
    if (words) {
        glBindTexture(GL_TEXTURE_2D, levels_.id());
        const std::size_t full = words / kLevelsWidth;
        if (full) glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kLevelsWidth, int(full), GL_RED_INTEGER, GL_UNSIGNED_INT, levels);
        if (words % kLevelsWidth)
            glTexSubImage2D(GL_TEXTURE_2D, 0, 0, int(full), int(words % kLevelsWidth), 1, GL_RED_INTEGER,
                            GL_UNSIGNED_INT, levels + full * kLevelsWidth);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    shown_ = true;
}

void ComputeView::bind_view(const gl::Program& p, const gl::Texture& base) const {
    gl::bind_texture(0, levels_);
    gl::bind_texture(1, base);
    glUniform1i(gl::uniform(p, "uTop"), top_);
    int offsets[14] = {};
    for (std::size_t k = 0; k < offsets_.size() && k < 14; ++k) offsets[k] = int(offsets_[k]);
    glUniform1iv(gl::uniform(p, "uOffsets"), 14, offsets);
}

}  // namespace hp

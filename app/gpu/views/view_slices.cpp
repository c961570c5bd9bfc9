#include "view_slices.h"

#include "shader_program.h"

namespace hp {

namespace {
constexpr int kFlagsUnit = 7;  // past the shared chunks' (volume_block.h)
}

bool SlicesView::init(std::string* error) {
    if (!view_.build({"volume.glsl", "view_common.glsl", "view_slices.frag"}, error)) return false;
    u_range_ = gl::uniform(view_.program, "uRange");
    u_bricks_ = gl::uniform(view_.program, "uBricks");
    u_brick_grid_ = gl::uniform(view_.program, "uBrickGrid");
    u_preview_ = gl::uniform(view_.program, "uPreview");
    u_flags_ = gl::uniform(view_.program, "uBrickFlags");
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture_);  // asked once, not every draw
    return true;
}

void SlicesView::draw(PanelRect r, const VolumeStages& volume, float iso, const std::array<float, 2>& range,
                      const BrickMarks* bricks) {
    const int most = max_texture_;
    const int rows = bricks ? bricks->grid[1] * bricks->grid[2] : 0;
    const bool marked = bricks && bricks->active && bricks->size > 0 && bricks->grid[0] <= most && rows <= most &&
                        bricks->active->size() == std::size_t(bricks->grid[0]) * std::size_t(rows);
    if (marked && revision_ != bricks->revision) {
        if (!flags_ || flags_.width() != bricks->grid[0] || flags_.height() != rows)  // a new grid; else written over
            flags_ = gl::Texture(GL_R8UI, bricks->grid[0], rows);
        glBindTexture(GL_TEXTURE_2D, flags_.id());
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, bricks->grid[0], rows, GL_RED_INTEGER, GL_UNSIGNED_BYTE, bricks->active->data());
        glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
        glBindTexture(GL_TEXTURE_2D, 0);
        revision_ = bricks->revision;
    }
    volume.use(iso);
    glUseProgram(view_.program.id());
    glUniform2f(u_range_, range[0], range[1] > range[0] ? 1.0f / (range[1] - range[0]) : 1.0f);
    glUniform1i(u_bricks_, marked ? bricks->size : 0);
    glUniform1i(u_flags_, kFlagsUnit);  // its own unit always (an integer sampler sharing unit 0 fails the draw)
    if (marked) {
        glUniform3i(u_brick_grid_, bricks->grid[0], bricks->grid[1], bricks->grid[2]);
        glUniform1i(u_preview_, bricks->preview);
        gl::bind_texture(kFlagsUnit, flags_);
    }
    const float s = float(volume.layout().atlas);
    view_.begin(r, s, s);
    view_.draw();
}

}  // namespace hp

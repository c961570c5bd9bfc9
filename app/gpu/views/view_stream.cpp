#include "view_stream.h"

#include <algorithm>

#include "shader_program.h"

namespace hp {

bool StreamView::init(std::string* error) {
    if (!view_.build({"view_common.glsl", "view_stream.frag"}, error)) return false;
    glUseProgram(view_.program.id());
    glUniform1i(gl::uniform(view_.program, "uStream"), 0);
    u_count_ = gl::uniform(view_.program, "uCount");
    u_dims_ = gl::uniform(view_.program, "uDims");
    glUseProgram(0);
    return true;
}

int StreamView::rows_shown(int size, std::uint32_t count) {
    const std::uint64_t rows = (std::uint64_t(count) + std::uint64_t(size) - 1) / std::uint64_t(size);
    int shown = 16;
    while (shown < size && std::uint64_t(shown) < rows) shown *= 2;
    return std::min(shown, size);
}

void StreamView::draw(PanelRect r, const gl::Texture& stream, int s, std::uint32_t count,
                      const std::array<int, 3>& dims) const {
    view_.begin(r, float(s), float(rows_shown(s, count)));
    glUniform1ui(u_count_, count);
    glUniform3f(u_dims_, float(dims[0]), float(dims[1]), float(dims[2]));
    gl::bind_texture(0, stream);
    view_.draw();
}

}  // namespace hp

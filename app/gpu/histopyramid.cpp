#include "histopyramid.h"

#include <algorithm>

#include "shader_program.h"

namespace hp {

bool HistoPyramid::init(const HistoPyramidDesc& desc, std::string* error) {
    *this = HistoPyramid();
    desc_ = desc;
    const int size = desc.size;
    if (size < 2 || (size & (size - 1)) != 0) {
        *error = "histopyramid size " + std::to_string(size) + " is not a power of two ≥ 2";
        return false;
    }
    levels_ = 0;
    while ((1 << levels_) < size) ++levels_;

    const bool vec4 = desc.layout == PyramidLayout::Vec4;
    pyramid_ = gl::Texture(vec4 ? GL_RGBA32F : GL_R32F, size / 2, size / 2, levels_);
    for (int lod = 0; lod < levels_; ++lod) {
        level_targets_.push_back(gl::color_target(pyramid_, lod));
        if (!level_targets_.back()) {
            *error = std::string("cannot render into a ") + (vec4 ? "RGBA32F" : "R32F") +
                     " texture (float render targets unsupported?)";
            return false;
        }
    }
    stream_ = gl::Texture(GL_RGBA32F, size, size);
    stream_target_ = gl::color_target(stream_);
    if (!stream_target_) {
        *error = "cannot render into the RGBA32F stream texture";
        return false;
    }

    reduce_ = gl::build_program({"fullscreen.vert"},
                                {vec4 ? "reduce_vec4.frag" : "reduce_scalar.frag"}, error);
    if (!reduce_) return false;
    std::vector<const char*> traverse_chunks = {"traverse_common.glsl",
                                                vec4 ? "traverse_vec4.frag" : "traverse_scalar.frag"};
    traverse_chunks.insert(traverse_chunks.end(), desc.emit.begin(), desc.emit.end());
    traverse_ = gl::build_program({"fullscreen.vert"}, traverse_chunks, error);
    if (!traverse_) return false;

    glUseProgram(reduce_.id());
    glUniform1i(gl::uniform(reduce_, "uBelow"), 0);
    u_below_is_base_ = gl::uniform(reduce_, "uBelowIsBase");
    glUseProgram(traverse_.id());
    glUniform1i(gl::uniform(traverse_, "uPyramid"), 0);
    glUniform1i(gl::uniform(traverse_, "uBase"), 1);
    u_top_lod_ = gl::uniform(traverse_, "uTopLod");
    u_limit_ = gl::uniform(traverse_, "uLimit");
    glUniform1i(u_top_lod_, levels_ - 1);
    glUseProgram(0);
    vao_ = gl::make_vertex_array();

    // A new stream starts cleared, so rows past the count read as zero from the first frame.
    glBindFramebuffer(GL_FRAMEBUFFER, stream_target_.id());
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return true;
}

void HistoPyramid::abandon() {
    pyramid_.abandon();
    stream_.abandon();
    stream_target_.abandon();
    for (auto& t : level_targets_) t.abandon();
    reduce_.abandon();
    traverse_.abandon();
    vao_.abandon();
}

void HistoPyramid::reduce(const gl::Texture& base) {
    glBindVertexArray(vao_.id());
    glUseProgram(reduce_.id());
    glActiveTexture(GL_TEXTURE0);
    for (int lod = 0; lod < levels_; ++lod) {
        // Level lod+1 reads level lod: the base texture first, then the pyramid's own lower
        // lod. Sampling exactly one lod of the texture being rendered into is what makes this
        // legal (no feedback loop): the rendered lod is outside [BASE_LEVEL, MAX_LEVEL].
        if (lod == 0) {
            glBindTexture(GL_TEXTURE_2D, base.id());
        } else {
            glBindTexture(GL_TEXTURE_2D, pyramid_.id());
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, lod - 1);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, lod - 1);
        }
        glUniform1i(u_below_is_base_, lod == 0);
        glBindFramebuffer(GL_FRAMEBUFFER, level_targets_[std::size_t(lod)].id());
        const int s = desc_.size >> (lod + 1);
        glViewport(0, 0, s, s);
        glDrawArrays(GL_TRIANGLES, 0, 3);
    }
    // The traversal and the views read every level.
    glBindTexture(GL_TEXTURE_2D, pyramid_.id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, levels_ - 1);
}

std::uint32_t HistoPyramid::read_count() const {
    float top[4] = {0, 0, 0, 0};
    glBindFramebuffer(GL_FRAMEBUFFER, level_targets_.back().id());
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, top);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return std::uint32_t(desc_.layout == PyramidLayout::Vec4 ? top[3] : top[0]);
}

void HistoPyramid::traverse(const gl::Texture& base, std::uint32_t limit) {
    const int size = desc_.size;
    const std::uint64_t capped = std::min<std::uint64_t>(limit, std::uint64_t(size) * size);
    const int rows = int((capped + std::uint64_t(size) - 1) / std::uint64_t(size));
    glBindFramebuffer(GL_FRAMEBUFFER, stream_target_.id());
    glViewport(0, 0, size, size);
    glEnable(GL_SCISSOR_TEST);
    // Clear what the last traversal wrote (and this one will overwrite), not the whole stream.
    const int clear_rows = std::max(rows, stream_rows_dirty_);
    if (clear_rows > 0) {
        glScissor(0, 0, size, clear_rows);
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    stream_rows_dirty_ = rows;
    if (rows > 0) {
        glScissor(0, 0, size, rows);
        glBindVertexArray(vao_.id());
        glUseProgram(traverse_.id());
        glUniform1ui(u_limit_, std::uint32_t(capped));
        gl::bind_texture(0, pyramid_);
        gl::bind_texture(1, base);
        glDrawArrays(GL_TRIANGLES, 0, 3);
    }
    glDisable(GL_SCISSOR_TEST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::vector<float> HistoPyramid::read_stream(std::uint32_t count) const {
    const int size = desc_.size;
    const std::uint64_t n = std::min<std::uint64_t>(count, std::uint64_t(size) * size);
    std::vector<float> rows_data;
    std::vector<float> out(std::size_t(n) * 4);
    glBindFramebuffer(GL_FRAMEBUFFER, stream_target_.id());
    // Row bands keep the temporary buffer small (a 4096² RGBA32F stream is 256 MB).
    const int band = std::max(1, (1 << 20) / size);
    rows_data.resize(std::size_t(band) * size * 4);
    std::uint64_t done = 0;
    for (int y = 0; done < n; y += band) {
        glReadPixels(0, y, size, std::min(band, size - y), GL_RGBA, GL_FLOAT, rows_data.data());
        const std::uint64_t take = std::min<std::uint64_t>(n - done, std::uint64_t(band) * size);
        std::copy_n(rows_data.begin(), std::size_t(take) * 4, out.begin() + std::ptrdiff_t(done * 4));
        done += take;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return out;
}

}  // namespace hp

#include "baseline_pyramid.h"

#include <algorithm>

#include "shader_program.h"
#include "stream_target.h"

namespace hp {

bool BaselinePyramid::init(int size, const std::vector<const char*>& emit, std::string* error) {
    *this = BaselinePyramid();  // start from nothing: what a previous init made is freed
    size_ = size;
    while ((1 << levels_) < size) ++levels_;
    for (int k = 1; k <= levels_; ++k) {
        levels_tex_.emplace_back(GL_RGBA32F, size >> k, size >> k);
        level_targets_.push_back(gl::color_target(levels_tex_.back()));
        if (!level_targets_.back()) {
            *error = "cannot render into RGBA32F textures (EXT_color_buffer_float missing?)";
            return false;
        }
    }
    atlas_ = gl::Texture(GL_RGBA32F, size, std::max(1, size / 2));
    packed_ = gl::Texture(GL_RGBA8, 1, 1);
    packed_target_ = gl::color_target(packed_);
    stream_ = gl::Texture(GL_RGBA32F, size, size);
    stream_target_ = gl::color_target(stream_);
    if (!packed_target_ || !stream_target_) {
        *error = "cannot render into the baseline's count or stream textures";
        return false;
    }
    reduce_ = gl::build_program({"fullscreen.vert"}, {"baseline_reduce.frag"}, error);
    pack_ = reduce_ ? gl::build_program({"fullscreen.vert"}, {"baseline_pack.frag"}, error) : gl::Program();
    std::vector<const char*> chunks = {"baseline_traverse.frag"};
    chunks.insert(chunks.end(), emit.begin(), emit.end());
    traverse_ = pack_ ? gl::build_program({"fullscreen.vert"}, chunks, error) : gl::Program();
    if (!traverse_) return false;
    glUseProgram(reduce_.id());
    glUniform1i(gl::uniform(reduce_, "uPrevious"), 0);
    u_previous_size_ = gl::uniform(reduce_, "uPreviousSize");
    glUseProgram(pack_.id());
    glUniform1i(gl::uniform(pack_, "uTop"), 0);
    glUseProgram(traverse_.id());
    glUniform1i(gl::uniform(traverse_, "uPyramidAtlas"), 0);
    glUniform1i(gl::uniform(traverse_, "uBase"), 1);
    glUniform1f(gl::uniform(traverse_, "uSize"), float(size));
    glUniform1i(gl::uniform(traverse_, "uLevels"), levels_);
    u_limit_ = gl::uniform(traverse_, "uLimit");
    glUseProgram(0);
    vao_ = gl::make_vertex_array();
    clear_stream(stream_target_);
    return true;
}

void BaselinePyramid::abandon() {
    for (auto& t : levels_tex_) t.abandon();
    for (auto& f : level_targets_) f.abandon();
    for (auto* t : {&atlas_, &packed_, &stream_}) t->abandon();
    packed_target_.abandon();
    stream_target_.abandon();
    for (auto* p : {&reduce_, &pack_, &traverse_}) p->abandon();
    vao_.abandon();
}

void BaselinePyramid::reduce(const gl::Texture& base) {
    glBindVertexArray(vao_.id());
    glUseProgram(reduce_.id());
    int offset = 0;
    for (int k = 0; k < levels_; ++k) {
        const int s = size_ >> (k + 1);
        gl::bind_texture(0, k == 0 ? base : levels_tex_[std::size_t(k - 1)]);
        glUniform1f(u_previous_size_, float(s * 2));
        glBindFramebuffer(GL_FRAMEBUFFER, level_targets_[std::size_t(k)].id());
        glViewport(0, 0, s, s);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        // The article copies each level into the pyramid atlas right after rendering it.
        glBindTexture(GL_TEXTURE_2D, atlas_.id());
        glCopyTexSubImage2D(GL_TEXTURE_2D, 0, offset, 0, 0, 0, s, s);
        offset += s;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::uint32_t BaselinePyramid::read_count() {
    glBindVertexArray(vao_.id());
    glUseProgram(pack_.id());
    gl::bind_texture(0, levels_tex_.back());
    glBindFramebuffer(GL_FRAMEBUFFER, packed_target_.id());
    glViewport(0, 0, 1, 1);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    unsigned char bytes[4] = {0, 0, 0, 0};
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, bytes);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return std::uint32_t(bytes[0]) | std::uint32_t(bytes[1]) << 8 | std::uint32_t(bytes[2]) << 16 |
           std::uint32_t(bytes[3]) << 24;
}

void BaselinePyramid::traverse(const gl::Texture& base, std::uint32_t limit) {
    glBindVertexArray(vao_.id());
    glUseProgram(traverse_.id());
    gl::bind_texture(0, atlas_);
    gl::bind_texture(1, base);
    stream_rows_dirty_ = draw_stream_rows(stream_target_, size_, size_, limit, stream_rows_dirty_, u_limit_,
                                          [](std::uint32_t) { glDrawArrays(GL_TRIANGLES, 0, 3); });
}

std::vector<float> BaselinePyramid::read_stream(std::uint32_t count) const {
    return read_stream_rows(stream_target_, size_, size_, count);
}

void BaselinePyramid::bind_view(const gl::Program&, const gl::Texture& base) const {
    gl::bind_texture(0, atlas_);
    gl::bind_texture(1, base);
}

}  // namespace hp

#include "histopyramid.h"

#include <algorithm>
#include <cstring>

#include "shader_program.h"
#include "stream_target.h"

namespace hp {

bool HistoPyramid::init(const HistoPyramidDesc& desc, std::string* error) {
    *this = HistoPyramid();  // start from nothing: what a previous init made is freed

    desc_ = desc;
    const int size = desc.size;
    if (size < 2 || (size & (size - 1)) != 0) {
        *error = "histopyramid size " + std::to_string(size) + " is not a power of two ≥ 2";
        return false;
    }
    levels_ = 0;
    while ((1 << levels_) < size) ++levels_;
    const bool vec4 = desc.layout == PyramidLayout::Vec4;
    const bool uint = desc.format == SumFormat::Uint;
    defines_ = std::string(uint ? "#define HP_UINT 1\n" : "") + (vec4 ? "#define HP_VEC4 1\n" : "");

    const GLenum format = vec4 ? (uint ? GL_RGBA32UI : GL_RGBA32F) : (uint ? GL_R32UI : GL_R32F);
    pyramid_ = gl::Texture(format, size / 2, size / 2, levels_);
    for (int lod = 0; lod < levels_; ++lod) {
        level_targets_.push_back(gl::color_target(pyramid_, lod));
        if (!level_targets_.back()) {
            *error = std::string("cannot render into ") + (vec4 ? "RGBA" : "R") + (uint ? "32UI" : "32F") +
                     " textures" + (uint ? "" : " (EXT_color_buffer_float missing?)");
            return false;
        }
    }
    if (desc.stream_outputs < 1 || desc.stream_outputs > 2) {
        *error = "a traversal writes one or two stream textures";
        return false;
    }
    for (int i = 0; i < desc.stream_outputs; ++i) streams_.emplace_back(GL_RGBA32F, size, size);
    stream_target_ = desc.stream_outputs == 1 ? gl::color_targets({&streams_[0]})
                                              : gl::color_targets({&streams_[0], &streams_[1]});
    if (!stream_target_) {
        *error = "cannot render into the RGBA32F stream texture";
        return false;
    }

    reduce_ = gl::build_program({"fullscreen.vert"},
                                {"pyramid_format.glsl", vec4 ? "reduce_vec4.frag" : "reduce_scalar.frag"},
                                error, defines_);
    if (!reduce_) return false;
    std::vector<const char*> find = {"pyramid_format.glsl", "traverse_common.glsl",
                                     vec4 ? "traverse_vec4.glsl" : "traverse_scalar.glsl"};
    find.insert(find.end(), desc.emit.begin(), desc.emit.end());
    find.push_back(desc.traverse_main);
    traverse_ = gl::build_program({"fullscreen.vert"}, find, error, defines_);
    if (!traverse_) return false;

    for (const gl::Program* p : {&reduce_, &traverse_}) {
        glUseProgram(p->id());
        glUniform1i(gl::uniform(*p, "uPyramid"), 0);
        glUniform1i(gl::uniform(*p, "uBase"), 1);
    }
    u_below_is_base_ = gl::uniform(reduce_, "uBelowIsBase");
    u_limit_ = gl::uniform(traverse_, "uLimit");
    glUseProgram(traverse_.id());
    glUniform1i(gl::uniform(traverse_, "uTopLod"), levels_ - 1);
    glUniform1i(gl::uniform(traverse_, "uSize"), size);
    glUseProgram(0);
    vao_ = gl::make_vertex_array();
    for (auto& p : pending_) {
        p.buffer = gl::make_buffer();
        glBindBuffer(GL_PIXEL_PACK_BUFFER, p.buffer.id());
        glBufferData(GL_PIXEL_PACK_BUFFER, 16, nullptr, GL_STREAM_READ);
    }
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);

    clear_stream(stream_target_);  // texels past the count read as zero from the first frame
    return true;
}

void HistoPyramid::abandon() {
    pyramid_.abandon();
    for (auto& t : streams_) t.abandon();
    stream_target_.abandon();
    for (auto& t : level_targets_) t.abandon();
    reduce_.abandon();
    traverse_.abandon();
    vao_.abandon();
    for (auto& p : pending_) {
        p.buffer.abandon();
        p.fence.abandon();
    }
}

void HistoPyramid::reduce(const gl::Texture& base) {
    glBindVertexArray(vao_.id());
    glUseProgram(reduce_.id());
    gl::bind_texture(1, base);
    glActiveTexture(GL_TEXTURE0);
    for (int lod = 0; lod < levels_; ++lod) {
        // Level lod+1 reads level lod: the base first, then the pyramid's own lower lod.
        // Sampling exactly that one lod of the texture being rendered into is what makes this
        // legal (no feedback loop): the rendered lod is outside [BASE_LEVEL, MAX_LEVEL].
        if (lod == 0) {
            glBindTexture(GL_TEXTURE_2D, 0);
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
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

// The top texel as read back: floats or unsigned integers, the total in .r (scalar) or .a.
std::uint32_t HistoPyramid::total_of(const std::uint32_t* top) const {
    const std::uint32_t raw = top[desc_.layout == PyramidLayout::Vec4 ? 3 : 0];
    if (desc_.format == SumFormat::Uint) return raw;
    float f;
    std::memcpy(&f, &raw, sizeof f);
    return std::uint32_t(f);
}

void HistoPyramid::read_top(void* dst) const {
    glBindFramebuffer(GL_FRAMEBUFFER, level_targets_.back().id());
    if (desc_.format == SumFormat::Uint)
        glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, dst);
    else
        glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, dst);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::uint32_t HistoPyramid::read_count() {
    std::uint32_t top[4] = {0, 0, 0, 0};
    read_top(top);
    return total_of(top);
}

void HistoPyramid::request_count() {
    PendingCount& slot = pending_[std::size_t(frame_ % kPendingCounts)];
    ++frame_;
    if (slot.fence.pending() && !slot.fence.signalled()) return;  // all in flight: skip, never wait
    if (slot.fence.pending()) newest_count(nullptr, nullptr);      // harvest it before reuse
    glBindBuffer(GL_PIXEL_PACK_BUFFER, slot.buffer.id());
    read_top(nullptr);  // into the bound pixel-pack buffer, at offset 0
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    slot.fence.insert();
    slot.frame = frame_;
    glFlush();  // so the fence can signal without a later command forcing it
}

bool HistoPyramid::newest_count(std::uint32_t* count, std::uint32_t* frames_old) {
    for (PendingCount& slot : pending_) {
        if (!slot.fence.signalled()) continue;
        std::uint32_t top[4] = {0, 0, 0, 0};
        glBindBuffer(GL_PIXEL_PACK_BUFFER, slot.buffer.id());
        gl::read_bound_buffer(GL_PIXEL_PACK_BUFFER, 0, sizeof top, top);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        slot.fence.reset();
        if (!have_newest_ || slot.frame > newest_frame_) {
            newest_ = total_of(top);
            newest_frame_ = slot.frame;
            have_newest_ = true;
        }
    }
    if (!have_newest_) return false;
    if (count) *count = newest_;
    if (frames_old) *frames_old = std::uint32_t(frame_ - newest_frame_);
    return true;
}

void HistoPyramid::traverse(const gl::Texture& base, std::uint32_t limit) {
    glBindVertexArray(vao_.id());
    glUseProgram(traverse_.id());
    gl::bind_texture(0, pyramid_);
    gl::bind_texture(1, base);
    stream_rows_dirty_ = draw_stream_rows(stream_target_, desc_.size, limit, stream_rows_dirty_, u_limit_,
                                          [](std::uint32_t) { glDrawArrays(GL_TRIANGLES, 0, 3); });
}

std::vector<float> HistoPyramid::read_stream(std::uint32_t count, int output) const {
    return read_stream_rows(stream_target_, desc_.size, count, output);
}

std::vector<const char*> HistoPyramid::view_chunks() const {
    return {"pyramid_format.glsl", "view_levels_mips.glsl"};
}

void HistoPyramid::bind_view(const gl::Program&, const gl::Texture& base) const {
    gl::bind_texture(0, pyramid_);
    gl::bind_texture(1, base);
}

}  // namespace hp

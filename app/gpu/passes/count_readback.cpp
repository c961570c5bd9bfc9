#include "count_readback.h"

#include <cstring>

namespace hp {

void CountReadback::init(const HistoPyramidDesc& desc) {
    vec4_ = desc.layout == PyramidLayout::Vec4;
    uint_ = desc.format == SumFormat::Uint;
    for (auto& p : pending_) {
        p.buffer = gl::make_buffer();
        glBindBuffer(GL_PIXEL_PACK_BUFFER, p.buffer.id());
        glBufferData(GL_PIXEL_PACK_BUFFER, 16, nullptr, GL_STREAM_READ);
    }
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
}

void CountReadback::abandon() {
    for (auto& p : pending_) {
        p.buffer.abandon();
        p.fence.abandon();
    }
}

// The top texel as read back: floats or unsigned integers, the total in .r (scalar) or .a.
std::uint32_t CountReadback::total_of(const std::uint32_t* top) const {
    const std::uint32_t raw = top[vec4_ ? 3 : 0];
    if (uint_) return raw;
    float f;
    std::memcpy(&f, &raw, sizeof f);
    return std::uint32_t(f);
}

void CountReadback::read_top(const gl::Framebuffer& top, void* dst) const {
    glBindFramebuffer(GL_FRAMEBUFFER, top.id());
    if (uint_)
        glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, dst);
    else
        glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, dst);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::uint32_t CountReadback::read(const gl::Framebuffer& top) const {
    std::uint32_t texel[4] = {0, 0, 0, 0};
    read_top(top, texel);
    return total_of(texel);
}

void CountReadback::request(const gl::Framebuffer& top) {
    PendingCount& slot = pending_[std::size_t(frame_ % kPendingCounts)];
    ++frame_;
    if (slot.fence.pending() && !slot.fence.signalled()) return;  // all in flight: skip, never wait
    if (slot.fence.pending()) newest(nullptr, nullptr);            // harvest it before reuse
    glBindBuffer(GL_PIXEL_PACK_BUFFER, slot.buffer.id());
    read_top(top, nullptr);  // into the bound pixel-pack buffer, at offset 0
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    slot.fence.insert();
    slot.frame = frame_;
    // No flush here: the frame flushes once, after its last pass (VolumeCompaction::run). A
    // flush inside a timed pass lets the GPU idle inside it while the next commands come.
}

bool CountReadback::newest(std::uint32_t* count, std::uint32_t* frames_old) {
    for (PendingCount& slot : pending_) {
        if (!slot.fence.signalled()) continue;
        std::uint32_t texel[4] = {0, 0, 0, 0};
        glBindBuffer(GL_PIXEL_PACK_BUFFER, slot.buffer.id());
        gl::read_bound_buffer(GL_PIXEL_PACK_BUFFER, 0, sizeof texel, texel);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        slot.fence.reset();
        if (!have_newest_ || slot.frame > newest_frame_) {
            newest_ = total_of(texel);
            newest_frame_ = slot.frame;
            have_newest_ = true;
        }
    }
    if (!have_newest_) return false;
    if (count) *count = newest_;
    if (frames_old) *frames_old = std::uint32_t(frame_ - newest_frame_);
    return true;
}

}  // namespace hp

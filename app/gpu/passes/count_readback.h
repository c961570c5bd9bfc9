// The count readback: the pyramid's 1×1 top holds the number of active texels (the total in
// .r, or in .a for the vec4 layout; floats or unsigned integers). Two ways to read it here:
//  - sync: a readPixels now, which waits for every pass before it;
//  - async: a ring of pixel-pack buffers, each filled by a readPixels of the top and guarded
//    by a fence, read frames later once its fence has signalled: never waits.
// The third way, expected, reads nothing: the frame uses the count it was given
// (CountStage in gl_stages.cpp).
#pragma once

#include <array>
#include <cstdint>

#include "gl_objects.h"
#include "histopyramid_desc.h"

namespace hp {

class CountReadback {
public:
    void init(const HistoPyramidDesc& desc);
    void abandon();

    // Sync: the total in `top` (the 1×1 level's target), read now.
    std::uint32_t read(const gl::Framebuffer& top) const;
    // Async: starts reading this frame's total (skipped when every buffer is still in flight).
    void request(const gl::Framebuffer& top);
    // The newest total that has arrived and how many request() calls old it is.
    bool newest(std::uint32_t* count, std::uint32_t* frames_old);

private:
    struct PendingCount {
        gl::Buffer buffer;
        gl::Fence fence;
        std::uint64_t frame = 0;
    };
    static constexpr int kPendingCounts = 4;
    std::uint32_t total_of(const std::uint32_t* top) const;
    void read_top(const gl::Framebuffer& top, void* dst) const;

    bool vec4_ = false, uint_ = false;
    std::array<PendingCount, kPendingCounts> pending_;
    std::uint64_t frame_ = 0;  // request() calls so far
    std::uint32_t newest_ = 0;
    std::uint64_t newest_frame_ = 0;
    bool have_newest_ = false;
};

}  // namespace hp

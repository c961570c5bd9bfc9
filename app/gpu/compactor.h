// What every compaction backend offers the frame: reduction, the count (blocking, or
// requested now and read frames later) and traversal as separate steps, so that the frame
// can time each one and choose how the count is read. Backends: the histopyramid
// (histopyramid.h) and the article's design as published (baseline_pyramid.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gl_objects.h"

namespace hp {

// What the pyramid view needs of whatever holds the levels: shader chunks defining
// `uint hp_view_total(int level, ivec2 texel)` for level ≥ 1, built with view_defines();
// bind_view() binds what they read (units 0 and 1) and sets their uniforms.
class PyramidViewSource {
public:
    virtual ~PyramidViewSource() = default;
    virtual int size() const = 0;  // the base is size×size
    virtual std::vector<const char*> view_chunks() const = 0;
    virtual std::string view_defines() const { return ""; }
    virtual void bind_view(const gl::Program& p, const gl::Texture& base) const = 0;
    // False where there are only the base and no levels (a scan's copy for display).
    virtual bool has_levels() const { return true; }
};

class Compactor : public PyramidViewSource {
public:
    // Forgets the GL objects without deleting them (their context is gone).
    virtual void abandon() = 0;
    // size(): base and stream are size×size.

    // Reduction: every level above `base` (size×size, 0/1 in .r).
    virtual void reduce(const gl::Texture& base) = 0;
    // The count, read back now: waits for the GPU.
    virtual std::uint32_t read_count() = 0;
    // The count without waiting: request_count() starts reading this frame's count;
    // newest_count() gives the newest one that has arrived and how many frames old it is.
    virtual bool async_count_supported() const { return false; }
    virtual void request_count() {}
    virtual bool newest_count(std::uint32_t* /*count*/, std::uint32_t* /*frames_old*/) { return false; }
    // Traversal: writes keys below min(total, limit), where the total is read on the GPU.
    // Texels past the written keys read as zero.
    virtual void traverse(const gl::Texture& base, std::uint32_t limit) = 0;

    // The keys the stream holds now (size² at most; a histopyramid's stream grows with the
    // keys asked for: traverse_pass.h).
    virtual std::uint64_t stream_capacity() const { return std::uint64_t(size()) * std::uint64_t(size()); }

    virtual std::vector<float> read_stream(std::uint32_t count) const = 0;  // 4 floats a key
    virtual const gl::Texture& stream() const = 0;                           // RGBA32F
    virtual const gl::Program& traversal_program() const = 0;  // the emit chunk's uniforms
};

}  // namespace hp

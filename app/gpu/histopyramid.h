// GPU stream compaction with a histopyramid, on OpenGL ES 3 / WebGL2. This is the library:
// no window, no UI, no browser. Give it a size×size base texture holding 1 where an element
// is active and 0 elsewhere (R8 or any format read as float); it builds the pyramid (one
// reduction pass per level), reads the count back, and writes key k of the compacted stream
// to texel (k mod size, k div size) of its stream texture, in Morton order of the base
// texels (x lowest).
//
// What is written for each key is the caller's choice: the traversal ends by calling
// `vec4 hp_emit(ivec2 base_texel)`, defined by the shader chunks named in the descriptor
// (shaders/emit_texel.glsl writes the texel's coordinates). Texture units 0 and 1 belong to
// the pyramid; an emit chunk samples from unit 2 and up, its uniforms set by the caller
// through traversal_program().
//
// Its passes, a file each: reduce_pass.h (the levels), count_readback.h (the count: sync or
// the async ring), traverse_pass.h (the stream). This class holds the levels they share.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compactor.h"
#include "count_readback.h"
#include "gl_objects.h"
#include "histopyramid_desc.h"
#include "reduce_pass.h"
#include "traverse_pass.h"

namespace hp {

class HistoPyramid final : public Compactor {
public:
    // Creates every GL object; nothing is allocated or compiled after this.
    bool init(const HistoPyramidDesc& desc, std::string* error);
    void abandon() override;
    int size() const override { return desc_.size; }

    void reduce(const gl::Texture& base) override { reduce_.run(base, pyramid_, level_targets_, desc_.size); }
    std::uint32_t read_count() override { return count_.read(level_targets_.back()); }
    bool async_count_supported() const override { return true; }
    void request_count() override { count_.request(level_targets_.back()); }
    bool newest_count(std::uint32_t* count, std::uint32_t* frames_old) override {
        return count_.newest(count, frames_old);
    }
    void traverse(const gl::Texture& base, std::uint32_t limit) override { traverse_.run(pyramid_, base, limit); }

    std::vector<float> read_stream(std::uint32_t count) const override { return read_stream(count, 0); }
    std::vector<float> read_stream(std::uint32_t count, int output) const {
        return traverse_.read_stream(count, output);
    }
    const gl::Texture& stream() const override { return traverse_.stream(0); }
    const gl::Texture& stream(int output) const { return traverse_.stream(output); }
    const gl::Program& traversal_program() const override { return traverse_.program(); }
    std::vector<const char*> view_chunks() const override;
    std::string view_defines() const override { return defines_; }
    void bind_view(const gl::Program& p, const gl::Texture& base) const override;

    int stream_rows() const { return traverse_.stream_rows(); }  // the stream textures' height (they grow)
    std::uint64_t stream_capacity() const override { return std::uint64_t(desc_.size) * std::uint64_t(stream_rows()); }
    SumFormat format() const { return desc_.format; }
    int levels() const { return levels_; }                   // reduction passes: log2(size)
    const gl::Texture& pyramid() const { return pyramid_; }  // levels 1..L as lods 0..L-1

private:
    bool make_levels(std::string* error);

    HistoPyramidDesc desc_;
    std::string defines_;
    int levels_ = 0;
    gl::Texture pyramid_;  // one texture, its mip chain holds the levels
    std::vector<gl::Framebuffer> level_targets_;
    ReducePass reduce_;
    CountReadback count_;
    TraversePass traverse_;
};

}  // namespace hp

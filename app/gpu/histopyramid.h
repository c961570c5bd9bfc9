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
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "compactor.h"
#include "gl_objects.h"

namespace hp {

enum class PyramidLayout {
    Scalar,  // sums; the traversal reads three children a level
    Vec4,    // partial sums; the traversal reads one texel a level
};
enum class SumFormat {
    Float,   // R32F / RGBA32F: needs EXT_color_buffer_float; exact up to 2^24 (4096²)
    Uint,    // R32UI / RGBA32UI: renderable everywhere in ES 3 / WebGL2; exact up to 2^32
};

struct HistoPyramidDesc {
    int size = 2048;
    PyramidLayout layout = PyramidLayout::Scalar;
    SumFormat format = SumFormat::Float;
    std::vector<const char*> emit = {"emit_texel.glsl"};  // shader chunks defining hp_emit
    // The traversal's fragment main and how many RGBA32F stream textures it writes (its
    // outputs at locations 0, 1, ...). traverse.frag writes hp_emit(texel) for each key; a
    // pyramid over counts (more than one key a texel) uses its own, which calls
    // hp_find_start() to get the key's index inside its texel.
    const char* traverse_main = "traverse.frag";
    int stream_outputs = 1;
};

class HistoPyramid final : public Compactor {
public:
    // Creates every GL object; nothing is allocated or compiled after this.
    bool init(const HistoPyramidDesc& desc, std::string* error);
    void abandon() override;
    int size() const override { return desc_.size; }

    void reduce(const gl::Texture& base) override;
    std::uint32_t read_count() override;
    bool async_count_supported() const override { return true; }
    void request_count() override;
    bool newest_count(std::uint32_t* count, std::uint32_t* frames_old) override;
    void traverse(const gl::Texture& base, std::uint32_t limit) override;

    std::vector<float> read_stream(std::uint32_t count) const override { return read_stream(count, 0); }
    std::vector<float> read_stream(std::uint32_t count, int output) const;
    const gl::Texture& stream() const override { return streams_[0]; }
    const gl::Texture& stream(int output) const { return streams_[std::size_t(output)]; }
    const gl::Program& traversal_program() const override { return traverse_; }
    std::vector<const char*> view_chunks() const override;
    std::string view_defines() const override { return defines_; }
    void bind_view(const gl::Program& p, const gl::Texture& base) const override;

    const HistoPyramidDesc& desc() const { return desc_; }
    int levels() const { return levels_; }                   // reduction passes: log2(size)
    const gl::Texture& pyramid() const { return pyramid_; }  // levels 1..L as lods 0..L-1

private:
    // The non-blocking count: a few pixel-pack buffers, each filled by a readPixels of the
    // top level and guarded by a fence; read once its fence has signalled.
    struct PendingCount {
        gl::Buffer buffer;
        gl::Fence fence;
        std::uint64_t frame = 0;
    };
    static constexpr int kPendingCounts = 4;
    std::uint32_t total_of(const std::uint32_t* top) const;
    void read_top(void* dst) const;

    HistoPyramidDesc desc_;
    std::string defines_;
    int levels_ = 0;
    gl::Texture pyramid_;                 // one texture, its mip chain holds the levels
    std::vector<gl::Framebuffer> level_targets_;
    std::vector<gl::Texture> streams_;    // one a traversal output, RGBA32F size×size
    gl::Framebuffer stream_target_;
    gl::Program reduce_, traverse_;
    gl::VertexArray vao_;
    GLint u_below_is_base_ = -1, u_limit_ = -1;
    int stream_rows_dirty_ = 0;           // rows the previous traversal may have written
    std::array<PendingCount, kPendingCounts> pending_;
    std::uint64_t frame_ = 0;             // request_count() calls so far
    std::uint32_t newest_ = 0;
    std::uint64_t newest_frame_ = 0;
    bool have_newest_ = false;
};

}  // namespace hp

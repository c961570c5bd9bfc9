// GPU stream compaction with a histopyramid, on OpenGL ES 3 / WebGL2. This is the library:
// no window, no UI, no browser. Give it a size×size base texture holding 1 where an element
// is active and 0 elsewhere; it builds the pyramid (one reduction pass per level), reads the
// count back, and writes key k of the compacted stream to texel (k mod size, k div size) of
// its stream texture, in Morton order of the base texels (x lowest).
//
// What is written for each key is the caller's choice: the traversal program ends by calling
// `vec4 hp_emit(ivec2 base_texel)`, defined by the shader chunks named in the descriptor
// (shaders/emit_texel.glsl writes the texel's coordinates). Texture units 0 and 1 belong to
// the pyramid; an emit chunk samples from unit 2 and up, its uniforms set by the caller
// through traversal_program().
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gl_objects.h"

namespace hp {

enum class PyramidLayout {
    Scalar,  // R32F sums; the traversal reads three children a level
    Vec4,    // RGBA32F partial sums; the traversal reads one texel a level
};

struct HistoPyramidDesc {
    int size = 2048;                  // base and stream are size×size, a power of two ≥ 2
    PyramidLayout layout = PyramidLayout::Scalar;
    std::vector<const char*> emit = {"emit_texel.glsl"};  // shader chunks defining hp_emit
};

class HistoPyramid {
public:
    // Creates every GL object; nothing is allocated or compiled after this.
    bool init(const HistoPyramidDesc& desc, std::string* error);
    // Forgets the GL objects without deleting them (their context is gone).
    void abandon();

    // Reduction: all levels above `base` (R32F, size×size, 0/1), one pass each.
    void reduce(const gl::Texture& base);
    // Count readback: a blocking readPixels of the 1×1 level, exact up to size².
    std::uint32_t read_count() const;
    // Traversal: writes keys below min(total, limit); the draw is scissored to the rows that
    // `limit` keys need, and the shader discards keys past the total read from the pyramid
    // itself, so the stream is exact for any limit. Texels past the written keys are zero.
    void traverse(const gl::Texture& base, std::uint32_t limit);

    // The stream, read back: `count` entries of 4 floats, row by row.
    std::vector<float> read_stream(std::uint32_t count) const;

    const HistoPyramidDesc& desc() const { return desc_; }
    int levels() const { return levels_; }          // reduction passes: log2(size)
    const gl::Texture& pyramid() const { return pyramid_; }  // levels 1..L as lods 0..L-1
    const gl::Texture& stream() const { return stream_; }    // RGBA32F
    const gl::Program& traversal_program() const { return traverse_; }

private:
    HistoPyramidDesc desc_;
    int levels_ = 0;
    gl::Texture pyramid_;                 // one texture, its mip chain holds the levels
    std::vector<gl::Framebuffer> level_targets_;
    gl::Texture stream_;
    gl::Framebuffer stream_target_;
    gl::Program reduce_, traverse_;
    gl::VertexArray vao_;
    GLint u_below_is_base_ = -1, u_top_lod_ = -1, u_limit_ = -1;
    int stream_rows_dirty_ = 0;           // rows the previous traversal may have written
};

}  // namespace hp

// How a histopyramid is built (HistoPyramid::init): its size, how a level stores its sums,
// and what its traversal writes for each key. Read by each of its passes.
#pragma once

#include <cstdint>
#include <vector>

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
    // The keys' order in the stream textures: row-major (k mod S, k div S), or in 8×4 tiles
    // (stream_tiles.h), which a traversal main that takes its key from hp_tile_key uses.
    bool tiles = false;
    // The stream textures start with the rows these keys need (at most size×size: 2048² and
    // smaller start whole) and grow, a power of two of rows at a time, with the keys drawn.
    std::uint32_t first_stream_keys = 1u << 22;
};

}  // namespace hp

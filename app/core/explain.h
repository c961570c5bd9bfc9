// How one stream key finds its element: the walk down the pyramid, level by level from the
// 1×1 top to the base texel, with each level's four children, the key ranges they cover and
// the child taken; or, for a scan (webgpu-scan), the tile the key falls in and its place there.
// The GPU walks its own pyramid (app/gpu/views/explain_pass.h); this file holds what the walk is,
// its CPU reference, the cell it ends at and the JSON of hp.explain(key).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "atlas_layout.h"
#include "cpu_reference.h"

namespace hp {

// One level of the walk: the texel the key is in at `level` (level 0: the base), its sum, the
// keys it covers [lo, lo + sum), and, above the base, its four children's sums in traversal
// order ((0,0), (1,0), (0,1), (1,1)) and the child the key goes on to.
struct WalkStep {
    int level = 0;
    Texel texel{0, 0};
    std::uint32_t sum = 0, lo = 0;
    std::array<std::uint32_t, 4> children{};
    int child = -1;  // 0..3; -1 at the base
    std::uint32_t hi() const { return lo + sum; }
    // The keys child c covers: [lo + children before c, that + children[c]).
    std::uint32_t child_lo(int c) const;
};

// A scan's answer instead of a walk: the tile (or block) of `size` base texels in Morton order
// whose elements the key is among, the key its first active element got, and the key's place
// among the tile's active elements.
struct ScanPlace {
    std::uint32_t tile = 0, size = 0, start = 0, offset = 0;
};

struct Explanation {
    enum class State { None, Pending, Ready, Refused };
    State state = State::None;
    std::string error;          // why the key was refused (Refused)
    std::uint32_t key = 0, count = 0;
    Voxel voxel{0, 0, 0};
    Texel base{0, 0};           // the base texel the key ends at
    std::vector<WalkStep> path;  // from the top (level L) down to level 0; empty for a scan
    bool scan = false;
    ScanPlace place;
    // The cell the key ends at (surface classification): its case and its 8 corners' values.
    int cell_case = -1;
    std::array<float, 8> corners{};
    // Labels classification: the voxel's label and its faces toward another label (bit f: axis
    // f/2, + side f&1; label_faces.h), each two of the label's triangles; -1: not labels.
    float label = 0;
    int label_faces = -1;
};

// The settings' `key` (-1: the middle of a stream of `count` keys) and `step` (-1: every
// level; else the levels walked from the top) as the key and the level the view is at.
inline std::uint32_t key_to_explain(int key, std::uint32_t count) { return key >= 0 ? std::uint32_t(key) : count / 2; }
inline int level_shown(int step, int levels) { return step < 0 || step >= levels ? 0 : levels - step; }

// Refuses e's key when it is at or past e's count, saying so; true when it did.
bool refuse_past_count(Explanation* e);

// The walk on the CPU, over the scalar pyramid of `base` (the reference every GPU walk is
// held against). Refused past the count.
Explanation explain_reference(const ScalarPyramid& p, const std::vector<std::uint8_t>& base, int size,
                              std::uint32_t key);

// The walk the GPU gives back: for each step i (level L − i) the texel, its sum, its range's
// first key and its children's sums, 8 numbers a step. Fills `key`, `count` (the top's sum),
// `path`, `base` and the child
// taken at each level; false with the reason when the steps do not hold together (a child
// that is not inside its parent, sums that do not add up: a broken pyramid says so).
bool path_from_steps(const std::vector<std::uint32_t>& steps, int levels, std::uint32_t key, Explanation* e,
                     std::string* error);

// A scan's tiles as the Explain view reads them: each tile's starting key (non-decreasing).
struct ScanTiles {
    std::uint32_t size = 0;  // base texels a tile
    std::vector<std::uint32_t> starts;
};
// From the words the scan left: each tile's first key as they are, or (`posts`) each tile's
// inclusive prefix in the bits of `post_value`, so that tile k starts where tile k − 1 ends.
ScanTiles scan_tiles(const std::vector<std::uint32_t>& words, std::uint32_t size, bool posts,
                     std::uint32_t post_value);

// Where a key falls among tiles whose starting keys (an exclusive scan of the tiles' counts,
// non-decreasing) are `starts`: the last tile that starts at or before it and holds elements.
ScanPlace scan_place(const std::vector<std::uint32_t>& starts, std::uint32_t tile_size, std::uint32_t key);

// The triangles of one cell in marching cubes, in voxel units from the cell's corner 0:
// 9 floats a triangle, the same interpolation as the extraction (emit_mesh_vertex.glsl).
std::vector<float> cell_triangles(int mc_case, const std::array<float, 8>& corners, float iso);

// hp.explain(key)'s answer: {key, count, voxel, path: [{level, texel, sum, range, children,
// child}], ...} or {key, count, voxel, scan: {tile, tileSize, tileStart, offsetInTile}}.
std::string explanation_json(const Explanation& e);

}  // namespace hp

// What one frame of compaction is asked to do and what it gives back, whichever backend runs
// it: the WebGL2 passes (app/gpu/volume_compaction.h) or WebGPU compute
// (app/webgpu/webgpu_compaction.h). No GPU API here.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "demo_state.h"

namespace hp {

// How the compaction runs: one choice each (the baseline and the WebGPU modes ignore the format).
struct CompactionMode {
    Pyramid pyramid = Pyramid::Scalar;
    Format sums = Format::Float;
    bool operator==(const CompactionMode& o) const { return pyramid == o.pyramid && sums == o.sums; }
    bool operator!=(const CompactionMode& o) const { return !(*this == o); }
};

// A frame runs with the settings as they are (the fields of DemoState: source, time, classify,
// iso, readback, expected, and for WebGPU timestamps, scan, fallback) plus what the app
// derives from what is shown. A stage reads the field it needs and nothing copies it between.
struct FrameSettings : DemoState {
    bool mesh = true;     // run the surface stages (vertex counts, their compaction, extraction)
    bool extract = true;  // ... including the extraction (not needed by the vertex route's draw)
    // WebGL2: the vertex counts written by the classification pass (two targets) instead of a
    // pass of their own.
    bool fused_count = true;
    // The value a voxel outside the crop box reads as (crop_box.h), from iso, the mode and the
    // source's range.
    float background = 0;
};

// The one way from the state to a frame's settings (the app and the tests): `surface`, the
// 3D view is shown or a read-back asked for the mesh; `mesh_read`, the mesh is to be read back
// (the extraction runs even where the vertex route would not need it); `range`, the source's
// values' lowest and highest.
inline FrameSettings frame_settings(const DemoState& s, bool surface, bool mesh_read,
                                    const std::array<float, 2>& range = {0, 1}) {
    FrameSettings f;
    static_cast<DemoState&>(f) = s;
    f.background = crop_background(s.classify, s.iso, range);
    f.mesh = surface || mesh_read;
    f.extract = s.route == MeshRoute::Fragment || mesh_read;
    // A label map's vertex is a dual cell's, not a crossing edge's: its surface is a soup.
    if (s.classify == Classify::Labels) f.vertices = MeshVertices::Soup;
    return f;
}

struct FrameResult {
    std::uint32_t count = 0;       // read back (sync), the newest arrived (async), or expected
    bool count_read = false;       // `count` is this frame's, read back
    std::uint32_t count_age = 0;   // async: how many frames old `count` is
    std::uint32_t keys_drawn = 0;  // the limit the traversal was drawn with
    // The surface, read like the count: the vertex total (sync: this frame's; async: the
    // newest arrived; expected: not read, 0) and the limit the extraction was drawn with.
    bool mesh = false;             // the surface stages ran
    bool extracted = false;        // ... and the extraction (positions and normals can be read)
    std::uint32_t vertices = 0;         // 3 a triangle
    std::uint32_t shared_vertices = 0;  // WebGPU, vertices=shared: one a crossing edge (else 0)
    bool vertices_read = false;
    std::uint32_t vertex_keys_drawn = 0;
};

// Async readback: a traversal is drawn for the newest count known plus headroom for its
// growth since (the shader's own test against the GPU's total keeps every written key
// exact). Until a count has arrived it draws `capacity` keys (the WebGL2 frame gives what its
// stream textures hold then, which grow once counts arrive).
class AsyncLimit {
public:
    std::uint32_t limit(bool known, std::uint32_t newest, std::uint64_t capacity) {
        if (!known) return std::uint32_t(std::min<std::uint64_t>(capacity, UINT32_MAX));
        recent_[next_++ % recent_.size()] = newest;
        std::uint32_t most = 0;
        for (std::uint32_t c : recent_) most = std::max(most, c);
        const std::uint64_t row = std::uint64_t(std::sqrt(double(capacity)));
        return std::uint32_t(std::min<std::uint64_t>(capacity, most + most / 4 + row));
    }
    void reset() { recent_.fill(0); }

private:
    std::array<std::uint32_t, 8> recent_{};  // the last counts that arrived
    std::size_t next_ = 0;
};

// The passes timed each frame, in order, and their names (the overlay's rows, the keys of
// hp.stats().ms, the benchmark's columns). The mesh passes: each cell's vertex count, the
// compaction over those counts (a reduction or a scan), the vertex extraction. Compaction:
// classify to stream timed as one pass (WebGPU with timestamps=whole, where per-pass
// timestamps would add their own cost). Only the counts of the two are checked at compile
// time: a pass added to the enum needs its name at the same place in kPassNames.
enum class Pass { Source, Classify, Reduce, Count, Traverse, MeshCount, MeshReduce, MeshExtract, Display, Compaction };
inline constexpr std::array<const char*, 10> kPassNames = {
    "source", "classify", "reduce", "count", "traverse", "meshCount", "meshReduce", "meshExtract", "display",
    "compaction"};
inline constexpr int kPassCount = int(kPassNames.size());
static_assert(int(Pass::Compaction) + 1 == kPassCount, "every pass has a name, every name a pass");
constexpr const char* name_of(Pass p) { return kPassNames[std::size_t(p)]; }

}  // namespace hp

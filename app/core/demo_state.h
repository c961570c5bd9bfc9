// What the demo shows and computes, as plain data: the overlay edits it, the URL and the
// window.hp API set it by name (`apply_setting`), and the frame reads it. No GL here.
#pragma once

#include <string>

#include "atlas_layout.h"
#include "cpu_reference.h"

namespace hp {

// baseline: the reference article's design as published (scalar sums, three normalized
// texture reads a level, each level its own texture copied into a pyramid atlas, the count
// packed into RGBA8 and read back every frame), with only its errors fixed.
// webgpu-scan / webgpu-pyramid: the whole frame in WebGPU compute (app/webgpu/), a block-wise
// prefix sum or a compute histopyramid; the browser must offer WebGPU.
enum class Pyramid { Scalar, Vec4, Baseline, WebgpuScan, WebgpuPyramid };
inline bool is_webgpu(Pyramid p) { return p == Pyramid::WebgpuScan || p == Pyramid::WebgpuPyramid; }
enum class Format { Float, Uint };          // the pyramid's sums: R32F/RGBA32F or R32UI/RGBA32UI
enum class Source { Metaballs, Sphere, Noise, Png };
// sync: readPixels every frame (waits); async: a pixel-pack buffer and a fence, read when
// signalled (never waits; the count is a few frames old); expected: never read.
enum class Readback { Sync, Async, Expected };
// surface: the 3D view of the mesh alone (the page opens on it); all: every view at once.
// none: no view is drawn (and, in the WebGPU modes, nothing is copied for display): for timing.
enum class View { Surface, All, Slices, Pyramid, Stream, None };
// The 3D view's colour: the normal, the depth along the view, or the vertex's place in the
// stream (the Morton order of the cells, seen on the surface).
enum class SurfaceColour { Normal, Depth, Order };
// How the 3D view gets its vertices: an extraction pass into float textures, drawn by
// gl_VertexID (fragment, Mol*'s route), or the draw's vertex shader walking the pyramid of
// vertex counts itself (vertex, HPMC's). WebGL2 modes; WebGPU extracts in compute.
enum class MeshRoute { Fragment, Vertex };
// wall: time runs with the clock and timings are shown; fixed: every frame advances time by
// 1/60 s and no clock reading is drawn, so the same settings draw the same pixels.
enum class Clock { Wall, Fixed };
// WebGPU timestamps: around each pass, or around the whole compaction as one pass (fewer pass
// boundaries: what the compaction costs without the per-pass measurement).
enum class Timestamps { Passes, Whole };
// webgpu-scan's scan (and the WebGPU surface's vertex-count scan): blocks of 1024 scanned level
// by level (blocks), reduce-then-scan in three dispatches over tiles of 4096 (rts), or one
// dispatch with decoupled look-back and fallback (single).
enum class ScanKind { Blocks, Rts, Single };

struct DemoState {
    Pyramid pyramid = Pyramid::Scalar;
    Format format = Format::Float;
    Source source = Source::Metaballs;
    Classify classify = Classify::Surface;
    float iso = 0.5f;
    double time = 0.0;         // the procedural sources' time parameter, seconds
    bool paused = false;
    int volume = 128;          // N of the procedural sources (64, 128 or 256)
    int atlas = 0;             // S; 0: the smallest that holds the volume (512, 2048, 4096)
    Readback readback = Readback::Sync;
    unsigned expected = 50000; // the count the "expected" readback mode assumes
    bool overlay = true;
    View view = View::Surface;
    SurfaceColour colour = SurfaceColour::Normal;
    MeshRoute route = MeshRoute::Vertex;  // measured faster (README)
    Clock clock = Clock::Wall;
    Timestamps timestamps = Timestamps::Passes;
    ScanKind scan = ScanKind::Blocks;
    bool fallback = false;  // debug: the single-pass scan's look-back gives up at once
};

const char* name_of(Pyramid v);
const char* name_of(Format v);
const char* name_of(Source v);
const char* name_of(Classify v);
const char* name_of(Readback v);
const char* name_of(View v);
const char* name_of(SurfaceColour v);
const char* name_of(MeshRoute v);
const char* name_of(Clock v);
const char* name_of(Timestamps v);
const char* name_of(ScanKind v);

// Sets one field by its name from text, as in a URL query (`pyramid=vec4`, `iso=0.4`).
// Unknown names and bad values return false with a message naming them; *s is unchanged then.
bool apply_setting(DemoState* s, const std::string& key, const std::string& value,
                   std::string* error);

// The atlas layout of the procedural sources for a state.
AtlasLayout procedural_layout(const DemoState& s);

}  // namespace hp

// What the demo shows and computes, as plain data: one field a setting. The settings table
// (settings.h) names each field for the URL, window.hp, hp.stats() and the overlay, and gives
// its default (DemoState's constructor applies them); the frame reads the fields directly
// (FrameSettings, frame.h, is this state plus what the app derives). No GL here.
#pragma once

#include <array>
#include <cstddef>

#include "atlas_layout.h"
#include "cpu_reference.h"
#include "crop_box.h"
#include "mesh_process.h"

namespace hp {

// Each choice's names, in the enum's order: what the URL, hp.set and hp.stats() say.
// baseline: the reference article's design as published (scalar sums, three normalized
// texture reads a level, each level its own texture copied into a pyramid atlas, the count
// packed into RGBA8 and read back every frame), with only its errors fixed.
// webgpu-scan / webgpu-pyramid: the whole frame in WebGPU compute (app/webgpu/), a block-wise
// prefix sum or a compute histopyramid; the browser must offer WebGPU.
enum class Pyramid { Scalar, Vec4, Baseline, WebgpuScan, WebgpuPyramid };
inline constexpr std::array<const char*, 5> kPyramidNames = {"scalar", "vec4", "baseline", "webgpu-scan",
                                                            "webgpu-pyramid"};
inline bool is_webgpu(Pyramid p) { return p == Pyramid::WebgpuScan || p == Pyramid::WebgpuPyramid; }
// The pyramid's sums: R32F/RGBA32F or R32UI/RGBA32UI.
enum class Format { Float, Uint };
inline constexpr std::array<const char*, 2> kFormatNames = {"float", "uint"};
// png: a loaded slice atlas (values 0..1); file: a loaded volume file (its own size, spacing and
// data units: app/core/volume/volume_file.h).
enum class Source { Metaballs, Sphere, Noise, Png, File };
inline constexpr std::array<const char*, 5> kSourceNames = {"metaballs", "sphere", "noise", "png", "file"};
inline bool is_procedural(Source s) { return s != Source::Png && s != Source::File; }
inline constexpr std::array<const char*, 3> kClassifyNames = {"surface", "solid", "labels"};  // Classify, cpu_reference.h
// sync: readPixels every frame (waits); async: a pixel-pack buffer and a fence, read when
// signalled (never waits; the count is a few frames old); expected: never read.
enum class Readback { Sync, Async, Expected };
inline constexpr std::array<const char*, 3> kReadbackNames = {"sync", "async", "expected"};
// The 3D view's color: the normal, the depth along the view, the vertex's place in the stream
// (the Morton order of the cells, seen on the surface), or one plain lit bone-like color.
enum class SurfaceColor { Normal, Depth, Order, Bone, Label };
inline constexpr std::array<const char*, 5> kSurfaceColorNames = {"normal", "depth", "order", "bone", "label"};
// How the 3D view gets its vertices: an extraction pass into float textures, drawn by
// gl_VertexID (fragment, Mol*'s route), or the draw's vertex shader walking the pyramid of
// vertex counts itself (vertex, HPMC's). WebGL2 modes; WebGPU extracts in compute.
enum class MeshRoute { Fragment, Vertex };
inline constexpr std::array<const char*, 2> kMeshRouteNames = {"fragment", "vertex"};
// wall: time runs with the clock and timings are shown; fixed: every frame advances time by
// 1/60 s and no clock reading is drawn, so the same settings draw the same pixels.
enum class Clock { Wall, Fixed };
inline constexpr std::array<const char*, 2> kClockNames = {"wall", "fixed"};
// WebGPU timestamps: around each pass, or around the whole compaction as one pass (fewer pass
// boundaries: what the compaction costs without the per-pass measurement).
enum class Timestamps { Passes, Whole };
inline constexpr std::array<const char*, 2> kTimestampsNames = {"passes", "whole"};
// webgpu-scan's scan (and the WebGPU surface's vertex-count scan): blocks of 1024 scanned level
// by level (blocks), reduce-then-scan in three dispatches over tiles of 4096 (rts), or one
// dispatch with decoupled look-back and fallback (single).
enum class ScanKind { Blocks, Rts, Single };
inline constexpr std::array<const char*, 3> kScanKindNames = {"blocks", "rts", "single"};
// The WebGPU surface's vertices: one per triangle corner, each cell computing its own (soup),
// or one per crossing edge, computed once, and the triangles as indices into them (shared).
enum class MeshVertices { Soup, Shared };
inline constexpr std::array<const char*, 2> kMeshVerticesNames = {"soup", "shared"};

// The printer's up axis for a hollow shell's drain holes (hollow.h), in the volume's voxel axes:
// the holes go down from each cavity's lowest points.
enum class PrintUp { Z, MinusZ, Y, MinusY, X, MinusX };
inline constexpr std::array<const char*, 6> kPrintUpNames = {"z", "-z", "y", "-y", "x", "-x"};

// A loaded volume's surface made in bricks (issue 40): only past one atlas (auto), or always (on:
// the WebGL2 modes, to see and compare the bricked path).
enum class Bricks { Auto, On };
inline constexpr std::array<const char*, 2> kBricksNames = {"auto", "on"};

// The names of an enum's values (a setting's choices), found by the enum's type.
constexpr const auto& names_of(Pyramid) { return kPyramidNames; }
constexpr const auto& names_of(Format) { return kFormatNames; }
constexpr const auto& names_of(Source) { return kSourceNames; }
constexpr const auto& names_of(Classify) { return kClassifyNames; }
constexpr const auto& names_of(Readback) { return kReadbackNames; }
constexpr const auto& names_of(SurfaceColor) { return kSurfaceColorNames; }
constexpr const auto& names_of(MeshRoute) { return kMeshRouteNames; }
constexpr const auto& names_of(Clock) { return kClockNames; }
constexpr const auto& names_of(Timestamps) { return kTimestampsNames; }
constexpr const auto& names_of(ScanKind) { return kScanKindNames; }
constexpr const auto& names_of(MeshVertices) { return kMeshVerticesNames; }
constexpr const auto& names_of(Pieces) { return kPiecesNames; }
constexpr const auto& names_of(PrintUp) { return kPrintUpNames; }
constexpr const auto& names_of(Bricks) { return kBricksNames; }
template <typename E>
constexpr const char* name_of(E v) {
    return names_of(v)[std::size_t(v)];
}

// One field a setting. The table in settings.cpp gives each field its name, its default, range
// and help; a field the user cannot set is not a setting and does not belong here. The defaults
// (the page's first frame) are written in the table alone: a DemoState starts with them.
struct DemoState {
    DemoState();  // every field its table row's default (settings.cpp)

    Pyramid pyramid;
    Format sums;
    Source source;
    Classify classify;
    float iso;          // in the source's data units (0..1 for the procedural ones and a PNG)
    double time;        // the procedural sources' time parameter, seconds
    bool paused;
    int volume;         // N of the procedural sources (64, 128, 256; 512 in WebGPU)
    int atlas;          // S; 0: the smallest that holds the volume (512, 2048, 4096, 16384)
    Readback readback;
    unsigned expected;  // the count the "expected" readback mode assumes
    bool overlay;
    int view;           // an entry of the app's view registry (0, the first: the 3D surface)
    SurfaceColor color;
    MeshRoute route;
    Clock clock;
    Timestamps timestamps;
    ScanKind scan;
    MeshVertices vertices;  // WebGPU modes
    bool fallback;          // debug: the single-pass scan's look-back gives up at once
    int key;                // the key the Explain view walks; -1: the middle of the stream
    int step;               // the levels of the walk shown, from the top; -1: all of them
    // The mesh files' and the processed view's mesh (mesh_process.h): its steps, whether it is
    // capped at the volume's faces, and whether the 3D view draws it instead of the GPU's.
    Pieces pieces;
    double min_piece;       // mm³, pieces=above
    int smooth;             // Taubin iterations
    int label_smooth;       // ... a label map's, joint (the labels' shared faces kept shared)
    int decimate;           // target triangles; 0: none
    bool closed;
    bool processed;
    // The crop box (crop_box.h): the first and last voxel kept along x, y and z; a last of -1
    // (the default) is the volume's last. Voxels outside read as background.
    int crop_x0, crop_y0, crop_z0;
    int crop_x1, crop_y1, crop_z1;
    // A hollow shell of a loaded volume's surface (hollow.h): the wall, mm (0: solid), drain
    // holes a cavity and their diameter, mm, and the printer's up axis.
    double shell;
    int drain_holes;
    double drain_mm;
    PrintUp print_up;
    // The surface in bricks (bricked_surface.h): when, the bricks' cells a side, the GPU pool's
    // budget (MiB).
    Bricks bricks;
    int brick;
    double pool_mb;
};

// The mesh steps the state asks for; the decimation's error bound is half the smallest voxel
// spacing (mm) of the volume shown.
inline MeshSteps mesh_steps(const DemoState& s, double smallest_spacing_mm) {
    MeshSteps m;
    m.pieces = s.pieces;
    m.min_piece_mm3 = s.min_piece;
    m.smooth = s.classify == Classify::Labels ? s.label_smooth : s.smooth;
    m.decimate = std::uint32_t(s.decimate);
    m.max_error_mm = smallest_spacing_mm / 2;
    return m;
}

// Whether the 3D view draws the processed mesh (what Save mesh writes) rather than the GPU's:
// where `processed` asks, and for a label map whenever its steps change it (its smoothing, on
// by default, shows the labels as VTK's and 3D Slicer's label surfaces do).
inline bool shows_processed(const DemoState& s) {
    return s.classify == Classify::Labels ? s.label_smooth > 0 || s.pieces != Pieces::All || s.decimate > 0
                                          : s.processed;
}

// The crop box a state asks of an X×Y×Z volume: each axis's first voxel within the volume, its
// last (-1: the volume's last) within the volume and not before the first.
inline CropBox crop_of(const DemoState& s, const std::array<int, 3>& dims) {
    const int first[3] = {s.crop_x0, s.crop_y0, s.crop_z0}, last[3] = {s.crop_x1, s.crop_y1, s.crop_z1};
    CropBox b;
    for (std::size_t a = 0; a < 3; ++a) {
        const int end = dims[a] - 1;
        b.lo[a] = first[a] < 0 ? 0 : first[a] > end ? end : first[a];
        b.hi[a] = last[a] < 0 || last[a] > end ? end : last[a] < b.lo[a] ? b.lo[a] : last[a];
    }
    return b;
}

// The atlas layout of the procedural sources for a state.
inline AtlasLayout procedural_layout(const DemoState& s) {
    return s.atlas > 0 ? AtlasLayout{s.atlas, s.volume} : layout_for_volume(s.volume);
}

}  // namespace hp

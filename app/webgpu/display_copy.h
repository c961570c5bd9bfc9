// What the 2D views show of the newest WebGPU frame, read back for display (WebGL cannot read
// WebGPU's buffers): the volume's rows of the atlas, webgpu-pyramid's levels and the first rows
// of the stream. One copy at a time, recorded into a frame outside its timed passes.
#pragma once

#include <cstdint>
#include <vector>

#include "atlas_layout.h"
#include "volume_atlas.h"
#include "gpu_device.h"

namespace hp {

struct ComputeDisplay {
    std::vector<float> atlas;           // the volume's rows of the atlas, row-major (or none)
    std::vector<std::uint32_t> levels;  // webgpu-pyramid: the level buffer (PyramidPlan)
    std::vector<float> stream;          // the first `stream_rows` rows of the stream, RGBA
    int stream_rows = 0;
    std::vector<std::uint32_t> tiles;   // webgpu-scan: the tiles' words (ModeStages::tiles),
    std::uint32_t tile_size = 0;        // ... of the scan the copy was made in
    bool tile_posts = false;
};

namespace wgpu {

// The buffers a display copy reads (levels: none outside webgpu-pyramid).
struct DisplaySources {
    BufferRef atlas, levels, stream;
    std::uint32_t level_words = 0;
    BufferRef tiles;  // webgpu-scan: `tile_words` words from word `tile_first` (with the volume)
    std::uint32_t tile_words = 0, tile_first = 0, tile_size = 0;
    bool tile_posts = false;
};

class DisplayCopy {
public:
    // Nothing is copied past kMaxGlAtlas² (the 2D views show up to it: 16384²'s atlas would be
    // 512 MiB each time, compute_view.h); the stream's first rows up to its `keys`.
    explicit DisplayCopy(const AtlasLayout& layout = AtlasLayout(), std::uint32_t keys = 0)
        : layout_(layout), keys_(keys) {}
    // Into the frame being encoded: a copy of what take() last asked for, unless one is on its way.
    void issue(const DisplaySources& from);
    // Asks for a copy of the next frame (the atlas and levels only when `volume` views are
    // shown; nothing at all for 0 stream rows: no view shown); true and the data once one
    // has arrived.
    bool take(ComputeDisplay* out, int stream_rows, bool volume);
    // The copy taken last holds what take() asks for now, and none is on its way: a frame that
    // runs no pass leaves the views as they are.
    bool current() const { return !stream_ && (rows_ <= 0 || (rows_issued_ == rows_ && volume_issued_ == volume_)); }

private:
    AtlasLayout layout_;
    std::int64_t keys_ = 0;
    Ticket atlas_, levels_, stream_, tiles_;
    std::uint32_t level_words_ = 0, tile_words_ = 0, tile_size_ = 0;  // of the copy on its way
    bool tile_posts_ = false;
    int rows_ = 0, rows_issued_ = 0;
    bool volume_ = false, volume_issued_ = false;
};

}  // namespace wgpu
}  // namespace hp

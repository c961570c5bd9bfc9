// The views' copy of a compaction computed elsewhere (the WebGPU modes: WebGL cannot read
// WebGPU's buffers). Display only, outside every timed pass: the atlas rows are uploaded
// into a VolumeStages and classified again here for the base view; the histopyramid's levels,
// stored in Morton order, go into one R32UI texture read by view_levels_morton.glsl; the
// stream's first rows into an RGBA32F texture.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "classify_pass.h"
#include "compactor.h"
#include "explain.h"
#include "volume_atlas.h"
#include "volume_stages.h"

namespace hp {

class ComputeView : public PyramidViewSource {
public:
    bool init(const AtlasLayout& layout, std::string* error);
    void abandon();

    // `offsets[k]`: level k's start in `levels` (k = 1..top); no levels: top 0. No atlas
    // (null): the slices and base keep what they showed.
    void show(const float* atlas_rows, const std::uint32_t* levels, std::size_t words,
              const std::vector<std::uint32_t>& offsets, int top, const float* stream_rows, int rows,
              const FrameSettings& settings);

    // webgpu-scan: where each tile's keys start (the Explain view's; empty elsewhere).
    void show_tiles(ScanTiles tiles) { tiles_ = std::move(tiles); }
    const ScanTiles& tiles() const { return tiles_; }

    const VolumeStages& volume() const { return volume_; }
    const gl::Texture& stream() const { return stream_; }
    bool shown() const { return shown_; }

    int size() const override { return volume_.layout().atlas; }
    std::vector<const char*> view_chunks() const override { return {"view_levels_morton.glsl"}; }
    void bind_view(const gl::Program& p, const gl::Texture& base) const override;
    bool has_levels() const override { return top_ > 0; }

    static constexpr int kLevelsWidth = 2048;  // texels a row of the level texture

private:
    VolumeStages volume_;
    ClassifyPass classify_;
    gl::Texture levels_, stream_;
    int top_ = 0;
    std::vector<std::uint32_t> offsets_;
    ScanTiles tiles_;
    bool shown_ = false;
    bool hidden_ = false;  // the atlas is past kMaxGlAtlas: nothing is shown (shown() stays false)
};

}  // namespace hp

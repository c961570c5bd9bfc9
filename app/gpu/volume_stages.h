// The volume on the GPU: the slice atlas (R32F) that the source pass writes, the base level
// (0/1) that the classification writes (source_pass.h, classify_pass.h: their stages own
// them), and the buffer of volume.glsl's `Volume` block, which every program built with
// shaders/volume.glsl reads (volume_block.h).
#pragma once

#include <string>
#include <vector>

#include "atlas_layout.h"
#include "cpu_reference.h"
#include "frame.h"
#include "gl_objects.h"
#include "volume_block.h"
#include "volume_file.h"

namespace hp {

class VolumeStages {
public:
    bool init(const AtlasLayout& layout, std::string* error);
    void abandon();

    // Uploads a loaded volume's slices (this layout must hold its dims), a row of tiles at a time.
    void upload(const Volume& volume);
    // Uploads `rows` atlas rows from `first` (S floats each); the rest keep their values.
    void upload_rows(const float* values, int rows, int first = 0);
    // For every program built with volume.glsl: writes the `Volume` block (the layout and the
    // state's settings, VolumeBlock::of; once a frame, and only when it changed), binds its
    // buffer at kVolumeBinding and the atlas at kAtlasUnit. The views' forms keep the rest of
    // the frame's block and set the mode and iso they draw with.
    void use(const FrameSettings& s) const { write(VolumeBlock::of(layout_, s)); }
    void use(Classify mode, float iso) const;
    void use(float iso) const { use(Classify(block_.classify), iso); }

    // The atlas as the GPU holds it, S×S floats, row-major (rows past the volume are zero).
    std::vector<float> read_atlas() const;
    // A w×h block of the atlas from texel (x, y), row-major: a few values, read at once.
    std::vector<float> read_texels(int x, int y, int w, int h) const;

    const AtlasLayout& layout() const { return layout_; }
    const gl::Texture& atlas() const { return atlas_; }
    const gl::Texture& base() const { return base_; }
    const gl::Framebuffer& atlas_target() const { return atlas_target_; }
    const gl::Framebuffer& base_target() const { return base_target_; }
    // Whether an upload wrote the rows below the volume, which a source then clears; sourced()
    // says a source wrote the atlas.
    bool rows_below_written() const { return rows_below_written_; }
    void sourced() { rows_below_written_ = false; }

    // Draws the full-screen triangle scissored to the volume's rows of the bound target (the
    // rows below hold no voxel), then unbinds the target.
    void draw_volume_rows() const;

private:
    void write(const VolumeBlock& b) const;

    AtlasLayout layout_;
    gl::Texture atlas_, base_;
    gl::Framebuffer atlas_target_, base_target_;
    gl::Buffer block_buffer_;
    mutable VolumeBlock block_;  // what the buffer holds
    bool rows_below_written_ = false;  // an upload filled rows that sources leave alone
};

}  // namespace hp

// The volume on the GPU: the slice atlas (R32F) that the source pass writes and the base level
// (0/1) that the classification writes, with those two passes (source_pass.h, classify_pass.h)
// and what every program built with shaders/volume.glsl needs to read the atlas.
#pragma once

#include <string>
#include <vector>

#include "atlas_layout.h"
#include "classify_pass.h"
#include "cpu_reference.h"
#include "demo_state.h"
#include "gl_objects.h"
#include "source_pass.h"
#include "volume_file.h"
#include "volume_uniforms.h"

namespace hp {

class VolumeStages {
public:
    bool init(const AtlasLayout& layout, std::string* error);
    void abandon();

    // Evaluates a procedural source at `time` into the atlas (the volume's rows only; the
    // rows below stay zero).
    void evaluate(Source source, double time);
    // Uploads a loaded volume's slices (this layout must hold its dims), a row of tiles at a time.
    void upload(const Volume& volume);
    // Uploads `rows` atlas rows from `first` (S floats each); the rest keep their values.
    void upload_rows(const float* values, int rows, int first = 0);
    // Writes the base level from the atlas.
    void classify(Classify mode, float iso) { classify_.run(*this, base_target_, mode, iso); }
    // Sets the uniforms of a program built with volume.glsl (and emit_voxel.glsl), whose
    // locations `u` holds, and binds the atlas to its unit.
    void bind_volume(const gl::Program& p, const VolumeUniforms& u, Classify mode, float iso) const;

    // The atlas as the GPU holds it, S×S floats, row-major (rows past the volume are zero).
    std::vector<float> read_atlas() const;
    // A w×h block of the atlas from texel (x, y), row-major: a few values, read at once.
    std::vector<float> read_texels(int x, int y, int w, int h) const;

    const AtlasLayout& layout() const { return layout_; }
    const gl::Texture& atlas() const { return atlas_; }
    const gl::Texture& base() const { return base_; }

    // Draws the full-screen triangle scissored to the volume's rows of the bound target (the
    // rows below hold no voxel), then unbinds the target.
    void draw_volume_rows() const;

private:
    AtlasLayout layout_;
    gl::Texture atlas_, base_;
    gl::Framebuffer atlas_target_, base_target_;
    SourcePass source_;
    ClassifyPass classify_;
    bool rows_below_written_ = false;  // an upload filled rows that sources leave alone
};

}  // namespace hp

// The demo's stages before compaction, on the GPU: a volume source into the slice atlas
// (procedural, animated by time, or an uploaded PNG atlas), then classification into the
// base level. Also the emit uniforms of the traversal, which read the same atlas.
#pragma once

#include <string>
#include <vector>

#include "atlas_layout.h"
#include "cpu_reference.h"
#include "demo_state.h"
#include "gl_objects.h"
#include "png_atlas.h"

namespace hp {

// Texture unit of the atlas in every program that reads it (0 and 1 are the pyramid's).
constexpr int kAtlasUnit = 2;

class VolumeStages {
public:
    bool init(const AtlasLayout& layout, std::string* error);
    void abandon();

    // Evaluates a procedural source at `time` into the atlas (the volume's rows only; the
    // rows below stay zero).
    void evaluate(Source source, double time);
    // Uploads a loaded atlas (its layout must equal this one's).
    void upload(const PngAtlas& png);
    // Uploads the atlas's first `rows` rows (S floats each); the rest keep their values.
    void upload_rows(const float* values, int rows);
    // Writes the base level from the atlas.
    void classify(Classify mode, float iso);
    // Sets the uniforms of a program built with volume.glsl (and emit_voxel.glsl), and binds
    // the atlas to its unit.
    void bind_volume(const gl::Program& p, Classify mode, float iso) const;

    // The atlas as the GPU holds it, S×S floats, row-major (rows past the volume are zero).
    std::vector<float> read_atlas() const;

    const AtlasLayout& layout() const { return layout_; }
    const gl::Texture& atlas() const { return atlas_; }
    const gl::Texture& base() const { return base_; }

private:
    // Uniform locations of volume.glsl in one program, looked up on its first bind.
    struct VolumeUniforms {
        GLuint program = 0;
        GLint atlas = -1, volume = -1, volume_shift = -1, tiles_shift = -1, iso = -1, surface = -1;
    };
    const VolumeUniforms& uniforms_of(const gl::Program& p) const;

    struct SourceProgram {
        gl::Program program;
        GLint params = -1;  // the source's animated uniform
    };
    void set_source_params(Source source, double time) const;

    AtlasLayout layout_;
    gl::Texture atlas_, base_;
    gl::Framebuffer atlas_target_, base_target_;
    SourceProgram sources_[3];  // metaballs, sphere, noise
    gl::Program classify_;
    gl::VertexArray vao_;
    bool rows_below_written_ = false;  // an upload filled rows that sources leave alone
    mutable VolumeUniforms uniforms_[16];  // the programs that read the volume: a handful
};

}  // namespace hp

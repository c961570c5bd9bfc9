// The uniforms of shaders/volume.glsl (the atlas layout, the iso value, the cell test) in one
// program: looked up once, by whoever builds the program, and set by VolumeStages::bind_volume.
#pragma once

#include "gl_objects.h"

namespace hp {

// Texture unit of the atlas in every program that reads it (0 and 1 are the pyramid's).
constexpr int kAtlasUnit = 2;

struct VolumeUniforms {
    GLint atlas = -1, dims = -1, tile_shift = -1, tiles_shift = -1, iso = -1, classify = -1;
    static VolumeUniforms of(const gl::Program& p);
};

}  // namespace hp

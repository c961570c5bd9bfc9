// The source pass: a procedural volume (metaballs, sphere, noise), animated by time, evaluated
// into the slice atlas, one fragment a voxel (shaders/volume_source.frag with the source's
// chunk, source_*.glsl). A loaded volume (a file, a PNG atlas) is an upload instead (VolumeStages::upload).
#pragma once

#include <string>

#include "demo_state.h"
#include "gl_objects.h"

namespace hp {

class VolumeStages;

class SourcePass {
public:
    bool init(const VolumeStages& volume, std::string* error);
    void abandon();
    // Draws the volume's rows of `atlas_target`; `clear` first clears all of it (the rows
    // below the volume, where an upload wrote).
    void run(const VolumeStages& volume, const gl::Framebuffer& atlas_target, Source source, double time,
             bool clear) const;

private:
    struct Program {
        gl::Program program;
        GLint params = -1;  // the source's animated uniform
    };
    void set_params(Source source, double time) const;

    Program sources_[3];  // metaballs, sphere, noise
    gl::VertexArray vao_;
};

}  // namespace hp

// The source pass: a procedural volume (metaballs, sphere, noise), animated by time, evaluated
// into the slice atlas, one fragment a voxel (shaders/volume_source.frag with the source's
// chunk, source_*.glsl). A loaded volume (a file, a PNG atlas) is an upload instead
// (VolumeStages::upload), and a frame then leaves the atlas alone.
#pragma once

#include <string>

#include "demo_state.h"
#include "gl_objects.h"

namespace hp {

class VolumeStages;

class SourcePass {
public:
    bool init(std::string* error);
    void abandon();
    // Draws the volume's rows of the atlas (a procedural source only), first clearing all of
    // it where an upload wrote the rows below the volume.
    void run(VolumeStages& volume, Source source, double time) const;

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

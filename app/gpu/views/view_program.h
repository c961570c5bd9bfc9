// What the 2D views (view_slices.h, view_pyramid.h, view_stream.h) share: a program of
// colormap.glsl + the view's chunks after fullscreen.vert, drawn as one triangle into a panel
// of the current framebuffer, showing a region of its data scaled to fit (view_common.glsl).
#pragma once

#include <string>
#include <vector>

#include "gl_objects.h"

namespace hp {

struct PanelRect { int x, y, w, h; };  // framebuffer pixels, origin at the bottom left

struct ViewProgram {
    gl::Program program;
    GLint panel = -1, shown = -1;
    gl::VertexArray vao;

    bool build(const std::vector<const char*>& chunks, std::string* error, const std::string& defines = "");
    void abandon();
    // Uses the program for panel `r`, showing a `shown_w`×`shown_h` region of the data.
    void begin(PanelRect r, float shown_w, float shown_h) const;
    void draw() const { glDrawArrays(GL_TRIANGLES, 0, 3); }
};

}  // namespace hp

// The 3D view of the surface: the mesh the extraction left in its float textures, drawn with
// depth into a panel of the current framebuffer (which needs a depth buffer), lit by its
// normals, seen through the orbit camera. Nothing is copied: the vertex shader reads the
// textures by gl_VertexID.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "demo_state.h"
#include "gl_objects.h"
#include "orbit_camera.h"

namespace hp {

struct PanelRect { int x, y, w, h; };  // framebuffer pixels, origin at the bottom left

class SurfaceView {
public:
    bool init(std::string* error);
    void abandon();

    // `vertices`: how many keys to draw (those past the written ones collapse to nothing).
    void draw(PanelRect r, const gl::Texture& positions, const gl::Texture& normals, std::uint32_t vertices,
              int volume, const OrbitCamera& camera, SurfaceColour colour) const;

private:
    gl::Program program_;
    GLint u_size_shift_ = -1, u_view_proj_ = -1, u_vertices_ = -1, u_eye_ = -1, u_colour_ = -1, u_depth_ = -1;
    gl::VertexArray vao_;
};

}  // namespace hp

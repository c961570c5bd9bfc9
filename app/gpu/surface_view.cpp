#include "surface_view.h"

#include <algorithm>
#include <cmath>

#include "shader_program.h"

namespace hp {

bool SurfaceView::init(std::string* error) {
    program_ = gl::build_program({"surface.vert"}, {"colormap.glsl", "surface.frag"}, error);
    if (!program_) return false;
    glUseProgram(program_.id());
    glUniform1i(gl::uniform(program_, "uPositions"), 0);
    glUniform1i(gl::uniform(program_, "uNormals"), 1);
    glUseProgram(0);
    u_size_shift_ = gl::uniform(program_, "uSizeShift");
    u_view_proj_ = gl::uniform(program_, "uViewProj");
    u_vertices_ = gl::uniform(program_, "uVertices");
    u_eye_ = gl::uniform(program_, "uEye");
    u_colour_ = gl::uniform(program_, "uColour");
    u_depth_ = gl::uniform(program_, "uDepthRange");
    vao_ = gl::make_vertex_array();
    return true;
}

void SurfaceView::abandon() {
    program_.abandon();
    vao_.abandon();
}

void SurfaceView::draw(PanelRect r, const gl::Texture& positions, const gl::Texture& normals,
                       std::uint32_t vertices, int volume, const OrbitCamera& camera, SurfaceColour colour) const {
    if (r.w <= 0 || r.h <= 0) return;
    glViewport(r.x, r.y, r.w, r.h);
    glEnable(GL_SCISSOR_TEST);
    glScissor(r.x, r.y, r.w, r.h);
    glClearColor(0.06f, 0.07f, 0.09f, 1.0f);
    glClearDepthf(1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    const std::uint32_t n = std::min<std::uint32_t>(vertices / 3 * 3, std::uint32_t(positions.width()) * std::uint32_t(positions.height()));
    if (n > 0) {
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_LESS);
        glUseProgram(program_.id());
        int shift = 0;
        while ((1 << shift) < positions.width()) ++shift;
        glUniform1i(u_size_shift_, shift);
        glUniformMatrix4fv(u_view_proj_, 1, GL_FALSE, camera.view_projection(volume, float(r.w) / float(r.h)).data());
        glUniform1f(u_vertices_, float(vertices));
        const auto eye = camera.eye(volume);
        glUniform3f(u_eye_, eye[0], eye[1], eye[2]);
        glUniform1i(u_colour_, int(colour));
        // Depth colouring spans the volume's extent along the view: its centre ± its half-diagonal.
        const float centre = camera.distance * float(volume), half = 0.87f * float(volume);
        glUniform2f(u_depth_, std::max(centre - half, 0.0f), centre + half);
        gl::bind_texture(0, positions);
        gl::bind_texture(1, normals);
        glBindVertexArray(vao_.id());
        glDrawArrays(GL_TRIANGLES, 0, GLsizei(n));
        glDisable(GL_DEPTH_TEST);
    }
    glDisable(GL_SCISSOR_TEST);
}

}  // namespace hp

// What a full-screen pass is made of: its program (fullscreen.vert, then the fragment chunks;
// build_program ties the `Volume` block and the shared samplers, so there is nothing to look
// up) and its vertex array. A pass derives from it, builds in init() and draws in run(); the
// stage that owns the pass calls its init and abandon (gl_stages.cpp).
#pragma once

#include <string>
#include <vector>

#include "gl_objects.h"
#include "shader_program.h"

namespace hp {

class FullscreenPass {
public:
    bool build(const std::vector<const char*>& fragment, std::string* error, const std::string& defines = "") {
        program_ = gl::build_program({"fullscreen.vert"}, fragment, error, defines);
        vao_ = gl::make_vertex_array();
        return bool(program_);
    }
    void abandon() {
        program_.abandon();
        vao_.abandon();
    }
    const gl::Program& program() const { return program_; }

protected:
    // Uses the program and the vertex array, and binds `target` with a w×h viewport.
    void begin(const gl::Framebuffer& target, int w, int h) const {
        glUseProgram(program_.id());
        glBindVertexArray(vao_.id());
        glBindFramebuffer(GL_FRAMEBUFFER, target.id());
        glViewport(0, 0, w, h);
    }

private:
    gl::Program program_;
    gl::VertexArray vao_;
};

}  // namespace hp

#include "source_pass.h"

#include "shader_program.h"
#include "source_params.h"
#include "volume_stages.h"

namespace hp {

bool SourcePass::init(std::string* error) {
    const char* files[3] = {"source_metaballs.glsl", "source_sphere.glsl", "source_noise.glsl"};
    const char* params[3] = {"uBalls", "uShell", "uNoiseOffset"};
    for (int i = 0; i < 3; ++i) {
        sources_[i].program =
            gl::build_program({"fullscreen.vert"}, {"volume.glsl", files[i], "volume_source.frag"}, error);
        if (!sources_[i].program) return false;
        sources_[i].params = gl::uniform(sources_[i].program, params[i]);
    }
    vao_ = gl::make_vertex_array();
    return true;
}

void SourcePass::abandon() {
    for (auto& s : sources_) s.program.abandon();
    vao_.abandon();
}

// The animation itself is app/core/settings/source_params.cpp, shared with the WebGPU backend.
void SourcePass::set_params(Source source, double t) const {
    const SourceParams p = source_params(source, t);
    const GLint at = sources_[int(source)].params;
    if (source == Source::Metaballs) glUniform4fv(at, p.vec4_count, p.values.data());
    else if (source == Source::Sphere) glUniform4fv(at, 1, p.values.data());
    else if (source == Source::Noise) glUniform3fv(at, 1, p.values.data());
}

void SourcePass::run(VolumeStages& volume, Source source, double time) const {
    if (!is_procedural(source)) return;
    const AtlasLayout& layout = volume.layout();
    glUseProgram(sources_[int(source)].program.id());
    set_params(source, time);
    glBindVertexArray(vao_.id());
    glBindFramebuffer(GL_FRAMEBUFFER, volume.atlas_target().id());
    glViewport(0, 0, layout.atlas, layout.atlas);
    if (volume.rows_below_written()) {
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    volume.draw_volume_rows();
    volume.sourced();
}

}  // namespace hp

#include "volume_stages.h"

#include <algorithm>

#include "shader_program.h"
#include "source_params.h"

namespace hp {

bool VolumeStages::init(const AtlasLayout& layout, std::string* error) {
    *this = VolumeStages();
    layout_ = layout;
    if (!layout.valid(error)) return false;
    const int s = layout.atlas;
    atlas_ = gl::Texture(GL_R32F, s, s);
    base_ = gl::Texture(GL_R8, s, s);  // 0/1: a byte a texel keeps the first reduction cheap
    atlas_target_ = gl::color_target(atlas_);
    base_target_ = gl::color_target(base_);
    if (!atlas_target_ || !base_target_) {
        *error = "cannot render into the R32F slice atlas (EXT_color_buffer_float missing?)";
        return false;
    }
    const char* files[3] = {"source_metaballs.glsl", "source_sphere.glsl", "source_noise.glsl"};
    const char* params[3] = {"uBalls", "uShell", "uNoiseOffset"};
    for (int i = 0; i < 3; ++i) {
        sources_[i].program =
            gl::build_program({"fullscreen.vert"}, {"volume.glsl", files[i], "volume_source.frag"}, error);
        if (!sources_[i].program) return false;
        sources_[i].params = gl::uniform(sources_[i].program, params[i]);
        bind_volume(sources_[i].program, Classify::Surface, 0.5f);
    }
    classify_ = gl::build_program({"fullscreen.vert"}, {"volume.glsl", "classify.frag"}, error);
    if (!classify_) return false;
    vao_ = gl::make_vertex_array();
    // Everything starts at zero: the atlas rows below the volume are never written again.
    for (const auto* fb : {&atlas_target_, &base_target_}) {
        glBindFramebuffer(GL_FRAMEBUFFER, fb->id());
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return true;
}

void VolumeStages::abandon() {
    for (auto* t : {&atlas_, &base_}) t->abandon();
    atlas_target_.abandon();
    base_target_.abandon();
    for (auto& s : sources_) s.program.abandon();
    classify_.abandon();
    vao_.abandon();
}

const VolumeStages::VolumeUniforms& VolumeStages::uniforms_of(const gl::Program& p) const {
    for (VolumeUniforms& u : uniforms_) {
        if (u.program == p.id()) return u;
        if (u.program != 0) continue;
        u = {p.id(),
             gl::uniform(p, "uAtlas"),       gl::uniform(p, "uVolume"), gl::uniform(p, "uVolumeShift"),
             gl::uniform(p, "uTilesShift"),  gl::uniform(p, "uIso"),    gl::uniform(p, "uSurface")};
        return u;
    }
    static const VolumeUniforms none;  // more programs than slots: a programming error
    return none;
}

void VolumeStages::bind_volume(const gl::Program& p, Classify mode, float iso) const {
    const VolumeUniforms& u = uniforms_of(p);
    glUseProgram(p.id());
    glUniform1i(u.atlas, kAtlasUnit);
    glUniform1i(u.volume, layout_.volume);
    glUniform1i(u.volume_shift, log2_exact(layout_.volume));
    glUniform1i(u.tiles_shift, log2_exact(layout_.tiles_per_row()));
    glUniform1f(u.iso, iso);
    glUniform1i(u.surface, mode == Classify::Surface);
    gl::bind_texture(kAtlasUnit, atlas_);
}

// The animation itself is app/core/source_params.cpp, shared with the WebGPU backend.
void VolumeStages::set_source_params(Source source, double t) const {
    const SourceParams p = source_params(source, t);
    const GLint at = sources_[int(source)].params;
    if (source == Source::Metaballs) glUniform4fv(at, p.vec4_count, p.values.data());
    else if (source == Source::Sphere) glUniform4fv(at, 1, p.values.data());
    else if (source == Source::Noise) glUniform3fv(at, 1, p.values.data());
}

void VolumeStages::evaluate(Source source, double time) {
    if (source == Source::Png) return;
    const SourceProgram& sp = sources_[int(source)];
    glUseProgram(sp.program.id());
    set_source_params(source, time);
    glBindVertexArray(vao_.id());
    glBindFramebuffer(GL_FRAMEBUFFER, atlas_target_.id());
    glViewport(0, 0, layout_.atlas, layout_.atlas);
    if (rows_below_written_) {
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        rows_below_written_ = false;
    }
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, layout_.atlas, layout_.volume_rows());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDisable(GL_SCISSOR_TEST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void VolumeStages::upload(const PngAtlas& png) {
    upload_rows(png.values.data(), layout_.atlas);
    rows_below_written_ = true;
}

void VolumeStages::upload_rows(const float* values, int rows) {
    glBindTexture(GL_TEXTURE_2D, atlas_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, layout_.atlas, rows, GL_RED, GL_FLOAT, values);
    glBindTexture(GL_TEXTURE_2D, 0);
}

void VolumeStages::classify(Classify mode, float iso) {
    bind_volume(classify_, mode, iso);
    glBindVertexArray(vao_.id());
    glBindFramebuffer(GL_FRAMEBUFFER, base_target_.id());
    glViewport(0, 0, layout_.atlas, layout_.atlas);
    // Only the volume's rows can be active; the rest of the base stays zero.
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, layout_.atlas, layout_.volume_rows());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDisable(GL_SCISSOR_TEST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::vector<float> VolumeStages::read_atlas() const {
    const int s = layout_.atlas;
    std::vector<float> out(std::size_t(s) * s, 0.0f);
    // RGBA/FLOAT is the read format every float colour buffer supports; bands keep it small.
    const int band = std::max(1, (1 << 18) / s);
    std::vector<float> rgba(std::size_t(band) * s * 4);
    glBindFramebuffer(GL_FRAMEBUFFER, atlas_target_.id());
    for (int y = 0; y < layout_.volume_rows(); y += band) {
        const int h = std::min(band, layout_.volume_rows() - y);
        glReadPixels(0, y, s, h, GL_RGBA, GL_FLOAT, rgba.data());
        for (std::size_t i = 0; i < std::size_t(h) * s; ++i) out[std::size_t(y) * s + i] = rgba[4 * i];
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return out;
}

}  // namespace hp

#include "gl_objects.h"

#include <deque>
#include <map>
#include <vector>

namespace hp::gl {
namespace {
LiveCounts g_live = {0, 0, 0, 0, 0};

// Programs built from shader files (build_program), by what they were built from, and those
// of them no handle holds any more: kept, oldest first, for the next build of the same sources.
std::map<GLuint, std::string> g_built;
std::deque<GLuint> g_kept;
constexpr std::size_t kMostKept = 64;
ProgramBuilds g_builds = {0, 0};
}

void TextureTag::forget(GLuint id) { g_live.textures -= id != 0; }
void FramebufferTag::forget(GLuint id) { g_live.framebuffers -= id != 0; }
void ProgramTag::forget(GLuint id) {
    g_live.programs -= id != 0;
    g_built.erase(id);
}
void BufferTag::forget(GLuint id) { g_live.buffers -= id != 0; }

void TextureTag::destroy(GLuint id) {
    if (id) glDeleteTextures(1, &id), forget(id);
}
void FramebufferTag::destroy(GLuint id) {
    if (id) glDeleteFramebuffers(1, &id), forget(id);
}
void ProgramTag::destroy(GLuint id) {
    if (!id) return;
    if (g_built.count(id)) {  // kept, for the next build of its sources (a mode switched back to)
        --g_live.programs;
        ++g_live.programs_kept;
        g_kept.push_back(id);
        if (g_kept.size() <= kMostKept) return;
        id = g_kept.front();  // the oldest goes
        g_kept.pop_front();
        g_built.erase(id);
        --g_live.programs_kept;
        glDeleteProgram(id);
        return;
    }
    glDeleteProgram(id), forget(id);
}

void keep_program_as(const Program& p, std::string sources) {
    ++g_builds.built;
    g_built[p.id()] = std::move(sources);
}

Program take_kept_program(const std::string& sources) {
    ++g_builds.asked;
    for (auto it = g_kept.begin(); it != g_kept.end(); ++it)
        if (g_built[*it] == sources) {
            const GLuint id = *it;
            g_kept.erase(it);
            --g_live.programs_kept;
            ++g_live.programs;
            return Program(id);
        }
    return Program();
}

void drop_kept_programs() {
    for (GLuint id : g_kept) g_built.erase(id);
    g_kept.clear();
    g_live.programs_kept = 0;
}
void VertexArrayTag::destroy(GLuint id) {
    if (id) glDeleteVertexArrays(1, &id);
}
void BufferTag::destroy(GLuint id) {
    if (id) glDeleteBuffers(1, &id), forget(id);
}

LiveCounts live_counts() { return g_live; }
ProgramBuilds program_builds() { return g_builds; }

namespace {
GLuint new_texture() {
    GLuint id = 0;
    glGenTextures(1, &id);
    ++g_live.textures;
    return id;
}
}  // namespace

Texture::Texture(GLenum internal_format, int width, int height, int levels)
    : Handle(new_texture()),
      width_(width), height_(height), levels_(levels) {
    glBindTexture(GL_TEXTURE_2D, id());
    glTexStorage2D(GL_TEXTURE_2D, levels, internal_format, width, height);
    // Float textures cannot be filtered without an extension; every read here is texelFetch.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                    levels > 1 ? GL_NEAREST_MIPMAP_NEAREST : GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
}

Texture3D::Texture3D(GLenum internal_format, int width, int height, int depth)
    : Handle(new_texture()) {
    glBindTexture(GL_TEXTURE_3D, id());
    glTexStorage3D(GL_TEXTURE_3D, 1, internal_format, width, height, depth);
    glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    for (GLenum wrap : {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R})
        glTexParameteri(GL_TEXTURE_3D, wrap, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_3D, 0);
}

Program make_program() {
    ++g_live.programs;
    return Program(glCreateProgram());
}

VertexArray make_vertex_array() {
    GLuint id = 0;
    glGenVertexArrays(1, &id);
    return VertexArray(id);
}

Buffer make_buffer() {
    GLuint id = 0;
    glGenBuffers(1, &id);
    ++g_live.buffers;
    return Buffer(id);
}

Framebuffer color_target(const Texture& t, int level) { return color_targets({&t}, level); }

Framebuffer color_targets(std::initializer_list<const Texture*> textures, int level) {
    GLuint id = 0;
    glGenFramebuffers(1, &id);
    ++g_live.framebuffers;
    Framebuffer fb(id);
    glBindFramebuffer(GL_FRAMEBUFFER, id);
    std::vector<GLenum> buffers;
    for (const Texture* t : textures) {
        const GLenum attachment = GL_COLOR_ATTACHMENT0 + GLenum(buffers.size());
        glFramebufferTexture2D(GL_FRAMEBUFFER, attachment, GL_TEXTURE_2D, t->id(), level);
        buffers.push_back(attachment);
    }
    glDrawBuffers(GLsizei(buffers.size()), buffers.data());
    const bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return complete ? std::move(fb) : Framebuffer();
}

void Fence::insert() {
    reset();
    sync_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
}

bool Fence::signalled() const {
    if (!sync_) return false;
    const GLenum r = glClientWaitSync(sync_, 0, 0);
    return r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED;
}

void Fence::reset() {
    if (sync_) glDeleteSync(sync_);
    sync_ = nullptr;
}

void bind_texture(int unit, const Texture& t) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D, t.id());
}

void bind_texture(int unit, const Texture3D& t) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_3D, t.id());
}

}  // namespace hp::gl

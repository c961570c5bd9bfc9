// Small owning wrappers for GL objects: each deletes what it made, moves but never copies,
// so a pass owns its resources and re-creating them (a resize, a lost WebGL context) is
// assigning a new object. Passing a texture where a framebuffer is wanted does not compile.
#pragma once

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "gl.h"

namespace hp::gl {

template <typename Tag>
class Handle {
public:
    Handle() = default;
    explicit Handle(GLuint id) : id_(id) {}
    Handle(Handle&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
    Handle& operator=(Handle&& o) noexcept {
        if (this != &o) {
            Tag::destroy(id_);
            id_ = std::exchange(o.id_, 0);
        }
        return *this;
    }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    ~Handle() { Tag::destroy(id_); }

    GLuint id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }
    // Forgets the object without deleting it: for a lost WebGL context, where it is gone already.
    void abandon() {
        Tag::forget(id_);
        id_ = 0;
    }

private:
    GLuint id_ = 0;
};

// destroy: deletes the object; forget: only stops counting it.
struct TextureTag { static void destroy(GLuint id); static void forget(GLuint id); };
struct FramebufferTag { static void destroy(GLuint id); static void forget(GLuint id); };
struct ProgramTag { static void destroy(GLuint id); static void forget(GLuint id); };
struct VertexArrayTag { static void destroy(GLuint id); static void forget(GLuint) {} };
struct BufferTag { static void destroy(GLuint id); static void forget(GLuint id); };

using Framebuffer = Handle<FramebufferTag>;
using Program = Handle<ProgramTag>;
using VertexArray = Handle<VertexArrayTag>;
using Buffer = Handle<BufferTag>;

// A 2D texture with immutable storage, NEAREST sampling, clamped.
class Texture : public Handle<TextureTag> {
public:
    Texture() = default;
    Texture(GLenum internal_format, int width, int height, int levels = 1);
    int width() const { return width_; }
    int height() const { return height_; }
    int levels() const { return levels_; }

private:
    int width_ = 0, height_ = 0, levels_ = 0;
};

// A 3D texture with immutable storage, NEAREST sampling, clamped (the brick pool).
class Texture3D : public Handle<TextureTag> {
public:
    Texture3D() = default;
    Texture3D(GLenum internal_format, int width, int height, int depth);
};

Program make_program();
VertexArray make_vertex_array();
Buffer make_buffer();

// A fence sync object (moves, never copies; deleted with its owner).
class Fence {
public:
    Fence() = default;
    Fence(Fence&& o) noexcept : sync_(std::exchange(o.sync_, nullptr)) {}
    Fence& operator=(Fence&& o) noexcept {
        if (this != &o) {
            reset();
            sync_ = std::exchange(o.sync_, nullptr);
        }
        return *this;
    }
    Fence(const Fence&) = delete;
    Fence& operator=(const Fence&) = delete;
    ~Fence() { reset(); }

    void insert();                      // after the commands issued so far
    bool pending() const { return sync_ != nullptr; }
    bool signalled() const;             // never waits
    void reset();
    void abandon() { sync_ = nullptr; }

private:
    GLsync sync_ = nullptr;
};

// A framebuffer rendering into one level of a texture. Empty if incomplete (check with bool).
Framebuffer color_target(const Texture& t, int level = 0);
// ... into several textures at once (color attachments 0, 1, ... in order, all drawn).
Framebuffer color_targets(std::initializer_list<const Texture*> textures, int level = 0);

// Counts of live objects made through these wrappers (the test API reports them; a soak test
// proves they return to their level): `programs` those held, `programs_kept` those built from
// shader files that no handle holds, kept for the next build of the same files (below).
struct LiveCounts { int textures, framebuffers, programs, buffers, programs_kept; };
LiveCounts live_counts();

// A program built from shader files outlives its last handle: it is kept (the 64 most recent),
// and a build of the same files and defines takes it again, compiled and linked once (a mode
// switched back to: SwiftShader's compile and first draw were most of a switch's 400–550 ms).
// Its owner sets its uniforms again as it does on a new one. keep_program_as: `p` was built
// from `sources`; take_kept_program: a kept one built from `sources`, or none; a lost context
// drops them all (drop_kept_programs: forgotten, not deleted).
// program_builds: the programs asked for from shader files and those compiled and linked.
struct ProgramBuilds { int asked, built; };
ProgramBuilds program_builds();
void keep_program_as(const Program& p, std::string sources);
Program take_kept_program(const std::string& sources);
void drop_kept_programs();

void bind_texture(int unit, const Texture& t);
void bind_texture(int unit, const Texture3D& t);

}  // namespace hp::gl

// The one place GL headers come from: OpenGL ES 3.0 (WebGL2 in the browser, EGL natively),
// and the one place the two differ: reading a buffer back (WebGL2 has getBufferSubData and no
// mapping; ES 3 maps). Nothing else in the GPU layer knows it runs in a browser.
#pragma once

#define GL_GLEXT_PROTOTYPES 1
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#ifdef __EMSCRIPTEN__
#include <webgl/webgl2.h>  // glGetBufferSubData: a GL name, declared by Emscripten
#endif

#include <cstring>

namespace hp::gl {

// Copies `size` bytes at `offset` of the buffer bound to `target` into `dst`; false when the
// buffer cannot be read (the bytes are then left as they were).
inline bool read_bound_buffer(GLenum target, GLintptr offset, GLsizeiptr size, void* dst) {
#ifdef __EMSCRIPTEN__
    glGetBufferSubData(target, offset, size, dst);
    return true;
#else
    const void* m = glMapBufferRange(target, offset, size, GL_MAP_READ_BIT);
    if (!m) return false;
    std::memcpy(dst, m, std::size_t(size));
    glUnmapBuffer(target);
    return true;
#endif
}

}  // namespace hp::gl

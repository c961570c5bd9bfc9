// The files of shaders/, embedded in the program at build time (cmake/embed_shaders.cmake):
// GLSL for the WebGL2 layer, WGSL for the WebGPU one. No GPU API here, so neither layer
// links the other to get its shaders.
#pragma once

#include <string>

namespace hp {

// The embedded text of shaders/<name>, or nullptr when there is no such file.
const char* embedded_shader(const std::string& name);

}  // namespace hp

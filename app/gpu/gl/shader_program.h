// Programs from the shader files in shaders/, embedded at build time. Each file is passed as
// its own source string, so a compile error names the file and the line, natively and in the
// page (the GL log's "string:line" is rewritten as "shaders/file:line").
#pragma once

#include <string>
#include <vector>

#include "embedded_shaders.h"
#include "gl_objects.h"

namespace hp::gl {

// Compiles and links: the vertex stage from `vertex` files, the fragment stage from `fragment`
// files, concatenated in order after one shared "#version 300 es" preamble and `defines`
// ("#define HP_UINT 1\n", say). The program's `Volume` block and shared samplers are tied to
// their binding point and units (volume_block.h): nothing to look up or set per program.
Program build_program(const std::vector<const char*>& vertex,
                      const std::vector<const char*>& fragment, std::string* error,
                      const std::string& defines = "");

GLint uniform(const Program& p, const char* name);

}  // namespace hp::gl

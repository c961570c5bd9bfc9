#include "shader_program.h"

#include <cctype>
#include <vector>

#include "settings_block.h"
#include "volume_block.h"

namespace hp::gl {
namespace {

const std::string kPreamble =
    "#version 300 es\n"
    "precision highp float;\n"
    "precision highp int;\n"
    "precision highp sampler2D;\n"
    "precision highp usampler2D;\n";

// Rewrites "N:L" source references in a GL info log (ANGLE: "ERROR: 1:12:", Mesa: "1:12(3):")
// into "shaders/<file>:L".
std::string name_sources(const std::string& log, const std::vector<const char*>& files) {
    std::string out;
    std::size_t i = 0;
    while (i < log.size()) {
        std::size_t j = i;
        while (j < log.size() && std::isdigit(static_cast<unsigned char>(log[j]))) ++j;
        const bool at_word_start = i == 0 || !std::isalnum(static_cast<unsigned char>(log[i - 1]));
        if (j > i && at_word_start && j + 1 < log.size() && log[j] == ':' &&
            std::isdigit(static_cast<unsigned char>(log[j + 1]))) {
            const std::size_t n = std::stoul(log.substr(i, j - i));
            if (n >= 1 && n <= files.size()) {
                out += std::string("shaders/") + files[n - 1] + ":";
                i = j + 1;
                continue;
            }
        }
        out += log[i++];
    }
    return out;
}

GLuint compile(GLenum stage, const std::vector<const char*>& files, const std::string& defines,
               std::string* error) {
    std::vector<std::string> texts = {kPreamble + defines};
    std::vector<const char*> names;
    static const std::string settings_block = settings_block_glsl();  // the one chunk made, not read
    for (const char* f : files) {
        const char* src = std::string(f) == kSettingsChunk ? settings_block.c_str() : embedded_shader(f);
        if (!src) {
            *error = std::string("no embedded shader named ") + f;
            return 0;
        }
        names.push_back(f);
        // Source string n (from 1) is file n; lines count from 1 in each.
        texts.push_back("#line 1 " + std::to_string(names.size()) + "\n" + src + "\n");
    }
    std::vector<const char*> ptrs;
    for (const auto& t : texts) ptrs.push_back(t.c_str());
    const GLuint sh = glCreateShader(stage);
    glShaderSource(sh, GLsizei(ptrs.size()), ptrs.data(), nullptr);
    glCompileShader(sh);
    GLint ok = 0;
    glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        GLint len = 0;
        glGetShaderiv(sh, GL_INFO_LOG_LENGTH, &len);
        std::string log(std::size_t(len > 1 ? len : 1), '\0');
        glGetShaderInfoLog(sh, len, nullptr, log.data());
        log.resize(log.find('\0') == std::string::npos ? log.size() : log.find('\0'));
        *error = name_sources(log, names);
        if (error->empty()) *error = std::string("cannot compile shaders/") + names.back();
        glDeleteShader(sh);
        return 0;
    }
    return sh;
}

// Ties what programs share, once (GLSL ES 3.00 has no layout(binding)): the `Volume` and
// `Settings` blocks to their binding points, the shared chunks' samplers to their units
// (volume_block.h, settings_block.h).
void tie_shared(const Program& p) {
    const GLuint block = glGetUniformBlockIndex(p.id(), "Volume");
    if (block != GL_INVALID_INDEX) glUniformBlockBinding(p.id(), block, kVolumeBinding);
    const GLuint settings = glGetUniformBlockIndex(p.id(), "Settings");
    if (settings != GL_INVALID_INDEX) glUniformBlockBinding(p.id(), settings, kSettingsBinding);
    GLint current = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &current);
    glUseProgram(p.id());
    for (const SharedSampler& s : kSharedSamplers) {
        const GLint at = glGetUniformLocation(p.id(), s.name);
        if (at >= 0) glUniform1i(at, s.unit);
    }
    glUseProgram(GLuint(current));
}

}  // namespace

Program build_program(const std::vector<const char*>& vertex,
                      const std::vector<const char*>& fragment, std::string* error,
                      const std::string& defines) {
    std::string sources = defines + "\n--";
    for (const char* f : vertex) sources += std::string(" ") + f;
    sources += " |";
    for (const char* f : fragment) sources += std::string(" ") + f;
    if (Program kept = take_kept_program(sources)) return kept;
    const GLuint vs = compile(GL_VERTEX_SHADER, vertex, defines, error);
    if (!vs) return Program();
    const GLuint fs = compile(GL_FRAGMENT_SHADER, fragment, defines, error);
    if (!fs) {
        glDeleteShader(vs);
        return Program();
    }
    Program p = make_program();
    glAttachShader(p.id(), vs);
    glAttachShader(p.id(), fs);
    glLinkProgram(p.id());
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(p.id(), GL_LINK_STATUS, &ok);
    if (!ok) {
        GLint len = 0;
        glGetProgramiv(p.id(), GL_INFO_LOG_LENGTH, &len);
        std::string log(std::size_t(len > 1 ? len : 1), '\0');
        glGetProgramInfoLog(p.id(), len, nullptr, log.data());
        *error = "cannot link " + std::string(fragment.back()) + ": " + log.c_str();
        return Program();
    }
    tie_shared(p);
    keep_program_as(p, std::move(sources));
    return p;
}

GLint uniform(const Program& p, const char* name) { return glGetUniformLocation(p.id(), name); }

}  // namespace hp::gl

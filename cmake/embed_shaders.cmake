# Writes a C++ file holding every shader in SHADER_DIR as a string, looked up by file name
# through hp::gl::embedded_shader(). Run at build time: editing a shader rebuilds the table.
file(GLOB files RELATIVE "${SHADER_DIR}" "${SHADER_DIR}/*.vert" "${SHADER_DIR}/*.frag"
     "${SHADER_DIR}/*.glsl" "${SHADER_DIR}/*.wgsl")
list(SORT files)
set(out "// Generated from shaders/ by cmake/embed_shaders.cmake. Do not edit.\n")
string(APPEND out "#include <cstring>\n#include <string>\n\nnamespace hp {\nnamespace {\n")
string(APPEND out "struct Embedded { const char* name; const char* text; };\n")
string(APPEND out "const Embedded kShaders[] = {\n")
foreach(f IN LISTS files)
  file(READ "${SHADER_DIR}/${f}" text)
  string(APPEND out "    {\"${f}\", R\"hp_shader(${text})hp_shader\"},\n")
endforeach()
string(APPEND out "};\n}  // namespace\n\n")
string(APPEND out "const char* embedded_shader(const std::string& name) {\n")
string(APPEND out "    for (const auto& s : kShaders)\n        if (name == s.name) return s.text;\n")
string(APPEND out "    return nullptr;\n}\n\n}  // namespace hp\n")
file(WRITE "${OUTPUT}.tmp" "${out}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")

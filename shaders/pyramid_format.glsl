// The pyramid's sums live in float (R32F / RGBA32F) or unsigned integer (R32UI / RGBA32UI)
// textures; HP_UINT (defined by the program's preamble) chooses. Either way they are read as
// exact integers through hp_level(), and the base (R8, 0 or 1) through hp_base().
#ifdef HP_UINT
uniform highp usampler2D uPyramid;  // levels 1..L as lods 0..L-1
uvec4 hp_level(ivec2 p, int lod) { return texelFetch(uPyramid, p, lod); }
#define HP_OUT uvec4
#define HP_STORE(v) (v)
#else
uniform highp sampler2D uPyramid;
uvec4 hp_level(ivec2 p, int lod) { return uvec4(texelFetch(uPyramid, p, lod)); }
#define HP_OUT vec4
#define HP_STORE(v) vec4(v)
#endif
uniform sampler2D uBase;

uint hp_base(ivec2 p) { return uint(texelFetch(uBase, p, 0).r); }

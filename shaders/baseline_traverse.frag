// The article's traversal as published: the levels side by side in one pyramid atlas (the
// level of s×s texels at x = S - 2s), read through normalized texture coordinates, three
// reads a level and three of the base, the child chosen with range masks instead of
// branches. Keys are floats (exact below 2^24). Fixed: the article discards only keys past
// the total, so key == total was written too; and it samples texel corners (see
// baseline_reduce.frag). What each key writes comes from the caller's emit chunk.
uniform sampler2D uPyramidAtlas;  // S × S/2, levels S/2 .. 1
uniform sampler2D uBase;
uniform float uSize;              // S
uniform int uLevels;              // L = log2(S)
uniform uint uLimit;

layout(location = 0) out vec4 oEntry;

vec4 hp_emit(ivec2 base_texel);

float pyramid_at(vec2 texel) { return texture(uPyramidAtlas, (texel + 0.5) / vec2(uSize, 0.5 * uSize)).r; }
float base_at(vec2 texel) { return texture(uBase, (texel + 0.5) / uSize).r; }

// The child (0,0), (1,0), (0,1) or (1,1) whose range holds key, from three children's sums.
vec2 choose(float key, inout float start, float a, float b, float c) {
    vec4 starts = vec4(start, start + a, start + a + b, start + a + b + c);
    vec3 inside = vec3(greaterThanEqual(vec3(key), starts.xyz)) * vec3(lessThan(vec3(key), starts.yzw));
    vec4 m = vec4(inside, 1.0 - dot(inside, vec3(1.0)));
    start = dot(m, starts);
    return m.y * vec2(1.0, 0.0) + m.z * vec2(0.0, 1.0) + m.w * vec2(1.0, 1.0);
}

void main() {
    float key = floor(gl_FragCoord.y) * uSize + floor(gl_FragCoord.x);
    if (key >= pyramid_at(vec2(uSize - 2.0, 0.0)) || key >= float(uLimit)) discard;
    vec2 pos = vec2(0.0);
    float start = 0.0;
    for (int i = 1; i < 14; i++) {  // a constant bound with a break, as WebGL 1 required
        if (i >= uLevels) break;
        vec2 c = vec2(uSize - 2.0 * exp2(float(i)), 0.0) + 2.0 * pos;
        pos = 2.0 * pos + choose(key, start, pyramid_at(c), pyramid_at(c + vec2(1.0, 0.0)),
                                 pyramid_at(c + vec2(0.0, 1.0)));
    }
    vec2 c = 2.0 * pos;
    pos = c + choose(key, start, base_at(c), base_at(c + vec2(1.0, 0.0)), base_at(c + vec2(0.0, 1.0)));
    oEntry = hp_emit(ivec2(pos));
}

// The simplest emit: the stream holds each active base texel's coordinates.
vec4 hp_emit(ivec2 base_texel) { return vec4(vec2(base_texel), 0.0, 1.0); }

// Fragment traversal: one fragment per stream texel in the scissored rows; its key is the
// texel's row-major index.
layout(location = 0) out vec4 oEntry;

void main() {
    ivec2 f = ivec2(gl_FragCoord.xy);
    uint key = uint(f.y) * uint(uSize) + uint(f.x);
    if (!hp_key_written(key)) discard;
    oEntry = hp_emit(hp_find(key));
}

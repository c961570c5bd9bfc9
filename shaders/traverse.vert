// Vertex traversal: one point per key (gl_VertexID), placed on its stream texel. No work is
// spent on texels past the count, and no row is drawn to its end.
flat out vec4 vEntry;

void main() {
    uint key = uint(gl_VertexID);
    gl_PointSize = 1.0;
    if (!hp_key_written(key)) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside the clip volume: dropped
        return;
    }
    vec2 texel = vec2(float(key % uint(uSize)), float(key / uint(uSize))) + 0.5;
    gl_Position = vec4(texel / float(uSize) * 2.0 - 1.0, 0.0, 1.0);
    vEntry = hp_emit(hp_find(key));
}

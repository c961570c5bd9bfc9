// One triangle that covers the viewport; every pass here is a full-viewport fragment pass
// (a scissor narrows it where needed). No vertex buffer: the corners come from gl_VertexID.
void main() {
    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}

// The fragment stage of a program that only writes by transform feedback (brick_append.vert):
// it draws with the rasterizer off, so this never runs, but a program needs one.
out vec4 fragColor;

void main() { fragColor = vec4(0.0); }

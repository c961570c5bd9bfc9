// Writes the entry the vertex traversal computed for its point.
flat in vec4 vEntry;

layout(location = 0) out vec4 oEntry;

void main() { oEntry = vEntry; }

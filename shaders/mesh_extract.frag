// The mesh's traversal over the pyramid of vertex counts: one fragment per vertex key in the
// scissored rows, the keys in 8×4 tiles (stream_tiles.glsl). The key finds its cell and its
// index inside the cell (key − the first key of the cell's range); the cell's vertices are
// consecutive keys, cells in stream order.
layout(location = 0) out vec4 oPosition;
layout(location = 1) out vec4 oNormal;

void main() {
    ivec2 f = ivec2(gl_FragCoord.xy);
    uint key = hp_tile_key(f, uint(uSize));
    if (!hp_key_written(key)) discard;
    uint start;
    ivec2 cell = hp_find_start(key, start);
    hp_emit_vertex(cell, key - start, oPosition, oNormal);
}

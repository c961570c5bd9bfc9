// The 3D view drawn by walking the pyramid in the vertex shader (HPMC's route): vertex k of
// the draw is key k; it finds its cell and its index in the cell and computes its position
// and normal here, so no extraction pass and no vertex textures. After the traversal and the
// mesh chunks (traverse_scalar.glsl, volume.glsl, mc_tables.glsl, emit_mesh_vertex.glsl) and
// surface_vertex.glsl.
// Keys past the total collapse to the origin and draw nothing.
void main() {
    uint key = uint(gl_VertexID);
    vec4 p = vec4(0.0), n = vec4(0.0);
    if (hp_key_written(key)) {
        uint start;
        ivec2 cell = hp_find_start(key, start);
        hp_emit_vertex(cell, key - start, p, n);
    }
    surface_vertex(p.xyz, n.xyz);
    vLabel = label_vertex_color(p.w, gl_Position);
}

// The 3D view: the mesh drawn straight from the extraction's float textures, vertex k from
// its texel in 8×4 tiles (stream_tiles.glsl; gl_VertexID: no vertex buffer, no copy). Keys
// past the written ones read as zero: their triangles collapse to a point and draw nothing.
// After surface_vertex.glsl.
uniform highp sampler2D uPositions;  // x, y, z in voxels
uniform highp sampler2D uNormals;
uniform uint uSize;                  // S

void main() {
    ivec2 t = hp_tile_texel(uint(gl_VertexID), uSize);
    vec4 p = texelFetch(uPositions, t, 0);
    surface_vertex(p.xyz, texelFetch(uNormals, t, 0).xyz);
    vLabel = label_vertex_color(p.w, gl_Position);
}

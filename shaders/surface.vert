// The 3D view: the mesh drawn straight from the extraction's float textures, vertex k from
// its texel in 8×4 tiles (stream_tiles.glsl; gl_VertexID: no vertex buffer, no copy). Keys
// past the written ones read as zero: their triangles collapse to a point and draw nothing.
uniform highp sampler2D uPositions;  // x, y, z in voxels
uniform highp sampler2D uNormals;
uniform uint uSize;                  // S
uniform mat4 uViewProj;
uniform float uVertices;             // for the order coloring
uniform vec3 uScale;                 // voxel units → the view's (the voxels' proportions); normals by its inverse

out vec3 vPosition;
out vec3 vNormal;
out float vOrder;
out vec4 vLabel;

void main() {
    ivec2 t = hp_tile_texel(uint(gl_VertexID), uSize);
    vec4 p = texelFetch(uPositions, t, 0);
    vPosition = p.xyz * uScale;
    vNormal = texelFetch(uNormals, t, 0).xyz / uScale;
    vOrder = float(gl_VertexID) / max(uVertices, 1.0);
    gl_Position = uViewProj * vec4(vPosition, 1.0);
    vLabel = label_vertex_color(p.w, gl_Position);
}

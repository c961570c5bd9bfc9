// What each vertex shader of the 3D view hands surface.frag (surface.vert, surface_walk.vert,
// surface_indexed.vert: they differ only in where the vertex comes from): the vertex in the
// view's units, its normal, its place in the draw for the order colouring, and (set by the
// caller after this, from gl_Position) its label's colour.
uniform mat4 uViewProj;
uniform float uVertices;  // for the order coloring
uniform vec3 uScale;      // voxel units → the view's (the voxels' proportions); normals by its inverse

out vec3 vPosition;
out vec3 vNormal;
out float vOrder;
out vec4 vLabel;

// The vertex at `position` (voxels) with `normal` (voxel units too).
void surface_vertex(vec3 position, vec3 normal) {
    vPosition = position * uScale;
    vNormal = normal / uScale;
    vOrder = float(gl_VertexID) / max(uVertices, 1.0);
    gl_Position = uViewProj * vec4(vPosition, 1.0);
}

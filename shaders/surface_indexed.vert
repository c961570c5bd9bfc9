// The 3D view of the processed mesh (the pieces, smoothing and decimation of the mesh that
// leaves the page): indexed triangles from vertex buffers the CPU made, voxel units as the
// GPU's own surface, drawn with the same shading (surface.frag).
layout(location = 0) in vec3 aPosition;  // voxels
layout(location = 1) in vec3 aNormal;
uniform mat4 uViewProj;
uniform float uVertices;                 // for the order coloring
uniform vec3 uScale;                     // voxel units → the view's; normals by its inverse

out vec3 vPosition;
out vec3 vNormal;
out float vOrder;
out vec4 vLabel;  // the processed mesh carries no labels

void main() {
    vPosition = aPosition * uScale;
    vNormal = aNormal / uScale;
    vOrder = float(gl_VertexID) / max(uVertices, 1.0);
    gl_Position = uViewProj * vec4(vPosition, 1.0);
    vLabel = vec4(0.8, 0.8, 0.8, 1.0);
}

// The 3D view of the processed mesh (the pieces, smoothing and decimation of the mesh that
// leaves the page): indexed triangles from vertex buffers the CPU made, voxel units as the
// GPU's own surface, drawn with the same shading (surface.frag). After surface_vertex.glsl.
layout(location = 0) in vec3 aPosition;  // voxels
layout(location = 1) in vec3 aNormal;

void main() {
    surface_vertex(aPosition, aNormal);
    vLabel = vec4(0.8, 0.8, 0.8, 1.0);  // the processed mesh carries no labels
}

// The 3D view of the processed mesh (the pieces, smoothing and decimation of the mesh that
// leaves the page): indexed triangles from vertex buffers the CPU made, voxel units as the
// GPU's own surface, drawn with the same shading (surface.frag); a label map's vertices carry
// their labels, coloured and hidden as the GPU's. After label_colors.glsl and surface_vertex.glsl.
layout(location = 0) in vec3 aPosition;  // voxels
layout(location = 1) in vec3 aNormal;
layout(location = 2) in float aLabel;    // 0: none

void main() {
    surface_vertex(aPosition, aNormal);
    vLabel = label_vertex_color(aLabel, gl_Position);
}

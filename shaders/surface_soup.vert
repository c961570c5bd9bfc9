// The 3D view of the surface made in bricks (app/gpu/bricked_surface.h): its buffer, 16 bytes a
// vertex as the rounds appended them (brick_append.vert), three vertices a triangle, drawn with
// the shading of the GPU's own surface (surface.frag). After normal_oct.glsl,
// label_colors.glsl and surface_vertex.glsl.
layout(location = 0) in vec3 aPosition;  // voxels
layout(location = 1) in uint aNormal;    // octahedral (normal_oct.glsl)

void main() {
    surface_vertex(aPosition, hp_normal_unpack(aNormal));
    vLabel = label_vertex_color(0.0, gl_Position);
}

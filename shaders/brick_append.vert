// The bricked surface's append (app/gpu/bricked_surface.h): transform feedback over a round's
// vertices, vertex k read from the extraction's textures at its tile texel (stream_tiles.glsl)
// and written into the surface's buffer after the rounds before it: its position (3 floats,
// voxels) and its normal (one uint, normal_oct.glsl), 16 bytes a vertex. Nothing is drawn
// (the rasterizer is off). After stream_tiles.glsl and normal_oct.glsl.
uniform highp sampler2D uPositions;
uniform highp sampler2D uNormals;
uniform uint uSize;  // the textures' width

out vec3 tfPosition;
flat out uint tfNormal;

void main() {
    ivec2 t = hp_tile_texel(uint(gl_VertexID), uSize);
    tfPosition = texelFetch(uPositions, t, 0).xyz;
    tfNormal = hp_normal_pack(texelFetch(uNormals, t, 0).xyz);
    gl_Position = vec4(0.0);
}

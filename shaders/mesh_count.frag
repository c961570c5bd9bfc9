// The mesh's first pass: each texel's cell gets its vertex count, the base of the pyramid
// over counts (its top is the number of vertices, as in HPMC). Texels outside the volume hold 0.
layout(location = 0) out vec4 oCount;

void main() {
    ivec3 v;
    oCount = vec4(voxel_of(ivec2(gl_FragCoord.xy), v) ? float(mc_cell_vertices(v)) : 0.0);
}

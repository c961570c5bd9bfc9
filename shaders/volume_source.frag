// A procedural source evaluated into the slice atlas: each texel of the volume's tiles gets
// source_value() at its voxel centre, p in [-1,1]³. The source chunk before this one defines
// source_value from its own uniforms, which the CPU animates (so one frame costs no sin()
// per voxel, and a given time always gives the same volume).
float source_value(vec3 p);

layout(location = 0) out vec4 oValue;

void main() {
    ivec3 v;
    if (!voxel_of(ivec2(gl_FragCoord.xy), v)) {
        oValue = vec4(0.0);
        return;
    }
    vec3 p = (vec3(v) + 0.5) / vec3(uDims) * 2.0 - 1.0;
    oValue = vec4(clamp(source_value(p), 0.0, 1.0));
}

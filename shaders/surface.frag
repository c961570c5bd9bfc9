// The 3D view's shading: a light at the eye (both faces lit: cells cut by the volume's
// border show their inside), a little specular, and a color chosen in the overlay: the
// normal, the depth along the view, the vertex's place in the stream (cells in Morton order:
// the traversal's order made visible on the surface), one plain bone-like color (a scan), or
// the label's (a label map).
in vec3 vPosition;
in vec3 vNormal;
in float vOrder;
in vec4 vLabel;

uniform vec3 uEye;
// uColor (the Settings block, settings.glsl): 0 normal, 1 depth, 2 order, 3 bone, 4 label
uniform vec2 uDepthRange; // distances from the eye mapped to the color map's ends

layout(location = 0) out vec4 oColor;

void main() {
    vec3 n = normalize(vNormal);
    vec3 toEye = uEye - vPosition;
    vec3 l = normalize(toEye);
    float diffuse = abs(dot(n, l));
    float specular = pow(diffuse, 60.0) * 0.12;
    vec3 base = uColor == 0 ? n * 0.5 + 0.5
              : uColor == 1 ? colormap(1.0 - (length(toEye) - uDepthRange.x) / (uDepthRange.y - uDepthRange.x))
              : uColor == 2 ? colormap(vOrder)
              : uColor == 4 ? vLabel.rgb
                             : vec3(0.89, 0.85, 0.76);
    oColor = vec4(base * (0.22 + 0.78 * diffuse) + specular, 1.0);
}

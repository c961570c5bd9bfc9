// A sphere shell whose radius breathes with time and whose surface carries a slow wave:
// 1 on the shell, falling to 0 at uShell.y from it.
uniform vec4 uShell;  // x radius, y half thickness, z wave amplitude, w wave phase

float source_value(vec3 p) {
    float r = length(p);
    float wave = uShell.z * sin(6.0 * p.x + uShell.w) * sin(6.0 * p.y - uShell.w);
    return 1.0 - abs(r - uShell.x - wave) / uShell.y;
}

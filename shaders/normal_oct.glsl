// A unit normal in one uint: octahedral, its two coordinates as snorm16 (each component within
// 1e-4 of the normal's); the zero normal (a flat gradient) as 0x80008000u, a code
// packSnorm2x16 never makes (it gives -32767 for -1). The CPU twin: bricked_surface.cpp.
uint hp_normal_pack(vec3 n) {
    float sum = abs(n.x) + abs(n.y) + abs(n.z);
    if (sum == 0.0) return 0x80008000u;
    n /= sum;
    vec2 p = n.xy;
    if (n.z < 0.0) p = (1.0 - abs(p.yx)) * vec2(p.x >= 0.0 ? 1.0 : -1.0, p.y >= 0.0 ? 1.0 : -1.0);
    return packSnorm2x16(p);
}

vec3 hp_normal_unpack(uint u) {
    if (u == 0x80008000u) return vec3(0.0);
    vec2 p = unpackSnorm2x16(u);
    vec3 n = vec3(p, 1.0 - abs(p.x) - abs(p.y));
    float t = max(-n.z, 0.0);
    n.xy += vec2(n.x >= 0.0 ? -t : t, n.y >= 0.0 ? -t : t);
    return normalize(n);
}

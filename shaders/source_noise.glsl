// Value noise, three octaves, scrolling through the volume with time. An integer hash gives
// the lattice values, so the field is the same on every GPU for a given time.
uniform vec3 uNoiseOffset;

float lattice(ivec3 c) {
    uvec3 u = uvec3(c + 4096);
    uint h = u.x * 0x8da6b343u ^ u.y * 0xd8163841u ^ u.z * 0xcb1ab31fu;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return float(h & 0xffffu) / 65535.0;
}

float value_noise(vec3 p) {
    ivec3 c = ivec3(floor(p));
    vec3 f = fract(p);
    f = f * f * (3.0 - 2.0 * f);
    float x00 = mix(lattice(c), lattice(c + ivec3(1, 0, 0)), f.x);
    float x10 = mix(lattice(c + ivec3(0, 1, 0)), lattice(c + ivec3(1, 1, 0)), f.x);
    float x01 = mix(lattice(c + ivec3(0, 0, 1)), lattice(c + ivec3(1, 0, 1)), f.x);
    float x11 = mix(lattice(c + ivec3(0, 1, 1)), lattice(c + ivec3(1, 1, 1)), f.x);
    return mix(mix(x00, x10, f.y), mix(x01, x11, f.y), f.z);
}

float source_value(vec3 p) {
    vec3 q = p * 2.5 + uNoiseOffset;
    float n = 0.55 * value_noise(q) + 0.3 * value_noise(q * 2.03) + 0.15 * value_noise(q * 4.01);
    // Fade towards the faces so the surface closes inside the volume.
    float edge = max(max(abs(p.x), abs(p.y)), abs(p.z));
    return n - 0.35 * smoothstep(0.7, 1.0, edge);
}

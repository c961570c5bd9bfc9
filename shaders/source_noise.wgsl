// Three octaves of value noise over an integer hash, as source_noise.glsl.
fn lattice(c: vec3<i32>) -> f32 {
    let w = vec3<u32>(c + vec3<i32>(4096));
    var h = (w.x * 0x8da6b343u) ^ (w.y * 0xd8163841u) ^ (w.z * 0xcb1ab31fu);
    h ^= h >> 13u;
    h *= 0x5bd1e995u;
    h ^= h >> 15u;
    return f32(h & 0xffffu) / 65535.0;
}

fn value_noise(p: vec3<f32>) -> f32 {
    let c = vec3<i32>(floor(p));
    var f = fract(p);
    f = f * f * (3.0 - 2.0 * f);
    let x00 = mix(lattice(c), lattice(c + vec3<i32>(1, 0, 0)), f.x);
    let x10 = mix(lattice(c + vec3<i32>(0, 1, 0)), lattice(c + vec3<i32>(1, 1, 0)), f.x);
    let x01 = mix(lattice(c + vec3<i32>(0, 0, 1)), lattice(c + vec3<i32>(1, 0, 1)), f.x);
    let x11 = mix(lattice(c + vec3<i32>(0, 1, 1)), lattice(c + vec3<i32>(1, 1, 1)), f.x);
    return mix(mix(x00, x10, f.y), mix(x01, x11, f.y), f.z);
}

fn source_value(p: vec3<f32>) -> f32 {
    let q = p * 2.5 + u.params[0].xyz;
    let n = 0.55 * value_noise(q) + 0.3 * value_noise(q * 2.03) + 0.15 * value_noise(q * 4.01);
    let edge = max(max(abs(p.x), abs(p.y)), abs(p.z));
    return n - 0.35 * smoothstep(0.7, 1.0, edge);
}

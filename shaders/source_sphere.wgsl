// A breathing sphere shell with a wave on it, as source_sphere.glsl.
fn source_value(p: vec3<f32>) -> f32 {
    let s = u.params[0];  // radius, half thickness, wave amplitude, wave phase
    let r = length(p);
    let wave = s.z * sin(6.0 * p.x + s.w) * sin(6.0 * p.y - s.w);
    return 1.0 - abs(r - s.x - wave) / s.y;
}

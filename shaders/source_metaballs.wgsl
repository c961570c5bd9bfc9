// Metaballs, as source_metaballs.glsl: f = Σ r²/|p - c|², mapped to f/(1+f).
fn source_value(p: vec3<f32>) -> f32 {
    var f = 0.0;
    for (var i = 0; i < 6; i++) {
        let d = p - u.params[i].xyz;
        f += u.params[i].w * u.params[i].w / (dot(d, d) + 1e-4);
    }
    return f / (1.0 + f);
}

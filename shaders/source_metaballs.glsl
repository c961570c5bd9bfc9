// Metaballs: f = Σ r²/|p - c|², mapped to f/(1+f) so one lone ball's surface is iso 0.5 at
// distance r. Centres and radii come from the CPU, animated by time.
uniform vec4 uBalls[6];  // xyz centre, w radius

float source_value(vec3 p) {
    float f = 0.0;
    for (int i = 0; i < 6; ++i) {
        vec3 d = p - uBalls[i].xyz;
        f += uBalls[i].w * uBalls[i].w / (dot(d, d) + 1e-4);
    }
    return f / (1.0 + f);
}

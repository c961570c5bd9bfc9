// The pyramid view, laid out like the article's debug image: the base level (S×S) on the
// left, then levels 1..L side by side, each half the size of the last, top-aligned. Color is
// log(1 + sum) / log(1 + 4^level): the base's 0/1 and the top's large sums on one scale.
// The compactor's view chunk before this one defines hp_view_total(level, texel).
uniform int uSize;  // S

void main() {
    vec2 lo, stride;
    footprint(lo, stride);
    int s = uSize;
    float best = -1.0;
    for (int j = 0; j < kGrid; ++j)
        for (int i = 0; i < kGrid; ++i) {
            vec2 p = lo + stride * vec2(i, j);
            // Which level's region holds p: level 0 spans [0,S), level k ≥ 1 spans S>>k
            // texels after the previous one.
            int level = 0, x0 = 0, w = s;
            while (level < 14 && p.x >= float(x0 + w) && w > 0) {
                x0 += w;
                level += 1;
                w = s >> level;
            }
            ivec2 t = ivec2(p) - ivec2(x0, 0);
            if (w == 0 || t.x >= w || t.y >= w || t.y < 0) continue;
            float v = float(hp_view_total(level, t));
            float cap = exp2(2.0 * float(level));  // a texel of level k sums 4^k base texels
            best = max(best, log2(1.0 + v) / log2(1.0 + cap));
        }
    oColor = vec4(best < 0.0 ? kEmpty : best == 0.0 ? vec3(0.12, 0.1, 0.2) : colormap(0.1 + 0.75 * best), 1.0);
}

// The pyramid view's access to the baseline's levels: the base, and the pyramid atlas with
// the level of s×s texels at x = S - 2s.
uniform highp sampler2D uPyramid;  // the pyramid atlas, S × S/2
uniform sampler2D uBase;

uint hp_view_total(int level, ivec2 t) {
    if (level == 0) return uint(texelFetch(uBase, t, 0).r);
    int s = textureSize(uPyramid, 0).x >> level;
    return uint(texelFetch(uPyramid, ivec2(textureSize(uPyramid, 0).x - 2 * s, 0) + t, 0).r);
}

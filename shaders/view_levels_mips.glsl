// The pyramid view's access to a histopyramid's levels (after pyramid_format.glsl): level 0
// is the base, level k ≥ 1 is lod k-1 of the mip chain, its total in .r (scalar) or .a (vec4).
uint hp_view_total(int level, ivec2 t) {
    if (level == 0) return hp_base(t);
    uvec4 v = hp_level(t, level - 1);
#ifdef HP_VEC4
    return v.a;
#else
    return v.r;
#endif
}

// The pyramid view's access to levels stored in Morton order (the WebGPU histopyramid, copied
// for display): level k's texel t is entry offset[k] + morton(t) of one buffer, laid out in an
// R32UI texture 2048 wide. The base is the R8 texture; uTop 0 means no levels (the scan).
uniform highp usampler2D uPyramid;
uniform sampler2D uBase;
uniform int uTop;
uniform int uOffsets[14];

uint hp_spread(uint v) {
    v = (v | (v << 8u)) & 0x00ff00ffu;
    v = (v | (v << 4u)) & 0x0f0f0f0fu;
    v = (v | (v << 2u)) & 0x33333333u;
    return (v | (v << 1u)) & 0x55555555u;
}

uint hp_view_total(int level, ivec2 t) {
    if (level == 0) return uint(texelFetch(uBase, t, 0).r);
    if (level > uTop) return 0u;
    int i = uOffsets[level] + int(hp_spread(uint(t.x)) | (hp_spread(uint(t.y)) << 1u));
    return texelFetch(uPyramid, ivec2(i & 2047, i >> 11), 0).r;
}

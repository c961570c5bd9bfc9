// The first level of a bricked compaction (app/gpu/brick_level.h): a texel a brick, 1 where the
// brick's value range (its voxels with the apron its cells read) straddles the iso — lo < iso ≤
// hi, exactly the bricks holding a cell the surface crosses — and 0 elsewhere. Texels past the
// grid hold the empty range (1, 0), never active.
uniform highp sampler2D uRanges;  // RG32F: (lo, hi)
uniform float uIso;
layout(location = 0) out vec4 oActive;

void main() {
    vec2 r = texelFetch(uRanges, ivec2(gl_FragCoord.xy), 0).rg;
    oActive = vec4(r.x < uIso && r.y >= uIso ? 1.0 : 0.0);
}

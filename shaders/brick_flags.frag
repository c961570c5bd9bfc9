// The first level of a bricked compaction (app/gpu/brick_level.h): a texel a brick, 1 where the
// brick's value range (its voxels with the apron its cells read) straddles the iso — lo < iso ≤
// hi, exactly the bricks holding a cell the surface crosses — and 0 elsewhere. Texels past the
// grid hold the empty range (1, 0), never active. With a crop box (uCropped), as active_bricks
// (brick_grid.h) takes it: a brick wholly outside the box is not active, and the range of one
// the box cuts is widened by the background its outside reads.
uniform highp sampler2D uRanges;  // RG32F: (lo, hi), brick b at (b mod side, b div side)
uniform float uIso;
uniform int uCropped;
uniform ivec3 uCropLo, uCropHi;   // the box's first and last voxels
uniform float uBackground;
uniform int uB;                   // cells a brick side
uniform ivec3 uGrid, uDims;       // bricks along each axis, the volume's voxels
layout(location = 0) out vec4 oActive;

void main() {
    ivec2 t = ivec2(gl_FragCoord.xy);
    vec2 r = texelFetch(uRanges, t, 0).rg;
    int b = t.x + textureSize(uRanges, 0).x * t.y;
    if (uCropped != 0 && b < uGrid.x * uGrid.y * uGrid.z) {
        ivec3 first = ivec3(b % uGrid.x, (b / uGrid.x) % uGrid.y, b / (uGrid.x * uGrid.y)) * uB;
        ivec3 last = min(first + uB, uDims - 1);
        if (any(lessThan(last, uCropLo)) || any(greaterThan(first, uCropHi))) r = vec2(1.0, 0.0);
        else if (any(lessThan(first, uCropLo)) || any(greaterThan(last, uCropHi)))
            r = vec2(min(r.x, uBackground), max(r.y, uBackground));
    }
    oActive = vec4(r.x < uIso && r.y >= uIso ? 1.0 : 0.0);
}

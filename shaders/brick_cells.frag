// The second level's base (after brick_cells.glsl): 1 where the base texel's cell is crossed.
layout(location = 0) out vec4 oActive;

void main() {
    ivec3 cell;
    int c;
    oActive = vec4(brick_cell(ivec2(gl_FragCoord.xy), cell, c) ? 1.0 : 0.0);
}

// The second level of a bricked compaction (app/gpu/brick_cells.h): the cells of a round's
// active bricks, each read from its slot of the brick pool, one base texel a cell. A slot holds
// its brick's voxels from one before the first (S = B + 3 a side: the cells' corners and their
// gradients), the slots A×A×D across a 3D texture (x fastest); the round's bricks are entries of
// a table, each its brick and its slot; in the base, entry t's B slices of B×B cells lie in tile
// t, t×t slices, the tiles in rows. The case is classify's (volume.glsl): bit i set where corner
// i is below the iso, corners in mc_tables.glsl's order. After the pool's chunk
// (brick_pool_float.glsl, _int or _uint: uPool and pool_at, a voxel in data units).
// classify=labels (uLabels): a base texel is a voxel the brick owns, not a cell, active where it
// holds a label and a face neighbour another (label_faces.glsl), its "case" that face
// mask (app/core/volume/brick_grid.h's label_bricks: the slot holds every voxel it reads).
uniform highp usampler2D uRound;      // E×E: entry t's (brick, slot), or brick none
uniform int uB;                       // cells a brick side
uniform int uTileSlices;              // t
uniform int uSlotsRow;                // A
uniform int uRoundRow;                // E
uniform int uBaseTiles;               // tiles a row of the base
uniform ivec3 uGrid;                  // bricks along each axis
uniform ivec3 uDims;                  // the volume's voxels
uniform float uBrickIso;
uniform int uCropped;                 // a crop box (app/core/crop_box.h): voxels outside it read
uniform ivec3 uCropLo, uCropHi;       // uBackground, as every read of the atlas does
uniform float uBackground;
uniform int uLabels;                  // 1: classify=labels

ivec3 gPoolToVoxel;  // pool texel + this = its voxel in the volume (set by brick_cell_at)

// The value at pool texel p of the cell's slot: the background where its voxel (the nearest in
// the volume, as the slot holds past its faces) is outside the crop box.
float brick_value(ivec3 p) {
    float v = pool_at(p);
    if (uCropped == 0) return v;
    ivec3 g = clamp(p + gPoolToVoxel, ivec3(0), uDims - 1);
    return all(greaterThanEqual(g, uCropLo)) && all(lessThanEqual(g, uCropHi)) ? v : uBackground;
}

// Labels (uLabels): the label at voxel v of the volume (0 past its faces) from the slot that
// gPoolToVoxel names (label_faces.glsl reads it for the voxel's faces toward another label).
float label_at(ivec3 v) {
    return any(lessThan(v, ivec3(0))) || any(greaterThanEqual(v, uDims)) ? 0.0 : brick_value(v - gPoolToVoxel);
}

int label_faces(ivec3 v);  // label_faces.glsl, after this chunk

// Base texel p's cell of the volume, its case and where its corner (0, 0, 0) is in the pool
// (labels: its voxel, its face mask and where the voxel is); false where p holds none (past a slot's slices, a slot not in the round, a cell past the
// volume) or the surface does not cross it.
bool brick_cell_at(ivec2 p, out ivec3 cell, out int c, out ivec3 o) {
    cell = ivec3(0);
    o = ivec3(0);
    c = 0;
    int tile_side = uTileSlices * uB;
    ivec2 tile = p / tile_side, in_tile = p - tile * tile_side, slice = in_tile / uB;
    int entry = tile.y * uBaseTiles + tile.x, z = slice.x + uTileSlices * slice.y;
    if (z >= uB || tile.x >= uBaseTiles || entry >= uRoundRow * uRoundRow) return false;
    uvec2 e = texelFetch(uRound, ivec2(entry % uRoundRow, entry / uRoundRow), 0).rg;
    if (e.x == 0xffffffffu) return false;
    int b = int(e.x), slot = int(e.y);
    ivec3 s = ivec3(slot % uSlotsRow, (slot / uSlotsRow) % uSlotsRow, slot / (uSlotsRow * uSlotsRow));
    ivec3 local = ivec3(in_tile - slice * uB, z);
    cell = ivec3(b % uGrid.x, (b / uGrid.x) % uGrid.y, b / (uGrid.x * uGrid.y)) * uB + local;
    if (any(greaterThanEqual(cell, uDims - (uLabels != 0 ? 0 : 1)))) return false;
    o = s * (uB + 3) + local + 1;  // the slot starts at the brick's voxel −1
    gPoolToVoxel = cell - o;
    if (uLabels != 0) {  // a voxel: its faces toward other labels
        c = label_faces(cell);
        return c != 0;
    }
    vec4 lo = vec4(brick_value(o), brick_value(o + ivec3(1, 0, 0)), brick_value(o + ivec3(1, 1, 0)),
                   brick_value(o + ivec3(0, 1, 0)));
    vec4 hi = vec4(brick_value(o + ivec3(0, 0, 1)), brick_value(o + ivec3(1, 0, 1)), brick_value(o + ivec3(1, 1, 1)),
                   brick_value(o + ivec3(0, 1, 1)));
    bvec4 l = lessThan(lo, vec4(uBrickIso)), h = lessThan(hi, vec4(uBrickIso));
    c = int(l.x) | int(l.y) << 1 | int(l.z) << 2 | int(l.w) << 3 | int(h.x) << 4 | int(h.y) << 5 | int(h.z) << 6 | int(h.w) << 7;
    return c != 0 && c != 255;
}

bool brick_cell(ivec2 p, out ivec3 cell, out int c) {
    ivec3 o;
    return brick_cell_at(p, cell, c, o);
}

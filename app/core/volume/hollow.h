// A hollow shell with drain holes, made in the volume's voxel space and meshed by the same
// compaction as any volume: hollow() returns a copy of the volume's values whose iso-surface is
// the shell's two surfaces and its holes (classify=surface; the solid is where values > iso).
//
//  - The outer surface is the volume's own: a voxel whose distance to it is under half the wall
//    keeps its value, so every edge the outer surface crosses is interpolated as before.
//  - The distance d (mm, inside) to the outer surface is sub-voxel: each inside voxel next to an
//    outside one gets the foot of the plane through its edges' crossings (the crossing along
//    each axis as the marching cubes interpolates it: for crossings at δx, δy, δz the plane's
//    distance is 1/√(Σ 1/δ²) and its foot lies along (±1/δx, ±1/δy, ±1/δz)); the others take
//    the nearest foot among their neighbours', in order of distance (a closest-point
//    propagation, Dijkstra's order), as far as the wall, the hole's radius and a voxel more. A
//    binary mask's distance transform would be half a voxel off; on a ball of 0.8 × 0.9 × 1.2 mm
//    voxels the inner surface is within 0.2 mm of a 2 mm wall (tests/unit/hollow_test.cpp).
//  - The inner surface lies at d = wall: the voxels of the cavities kept, those reached from
//    them through voxels at least half the wall deep, and those next to them take
//    iso + (wall − d)·k (k: the value units a mm, chosen so that every value stays within the
//    volume's range), linear in d across the inner surface. Where the wall is under two voxels,
//    a voxel next to both surfaces serves the inner one and the outer surface moves by up to a
//    tenth of a voxel there. The air inside (d > wall) falls into cavities (6-connected); a cavity
//    whose widest point (its largest d − wall: the radius of the largest ball it holds) is under
//    the drain hole's radius cannot drain and is too thin to hold air (a skull vault's diploë
//    under a 2 mm wall): it is filled (left solid).
//  - Each cavity left gets `holes` drain holes: cylinders of `hole_mm` diameter from its lowest
//    points (along `up`, the printer's up axis, voxel axes) straight down through the wall to
//    the outside; a further hole of the same cavity at least three diameters from the others.
//    Each takes iso + (ρ − r)·k, ρ the distance to its axis (a segment from inside the cavity to
//    1 mm past the outer surface).
// The mesh of the result is one closed two-surface mesh where the volume's surface is closed.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace hp {

struct HollowSpec {
    double wall_mm = 0;             // 0: no shell
    int holes = 1;                  // drain holes a cavity
    double hole_mm = 5;             // their diameter
    int up = 2;                     // the printer's up axis in voxel axes: 0 x, 1 y, 2 z
    bool up_negative = false;       // up is −axis
    // The crop box (crop_box.h), first and last voxel each axis: outside it nothing is solid, a
    // voxel reading as `background` (the shell is made of the cropped solid: walls along the box's
    // faces too, cavities and holes within it).
    std::array<int, 3> crop_lo{0, 0, 0}, crop_hi{1 << 30, 1 << 30, 1 << 30};
    float background = 0;
};

struct HollowCavity {
    std::uint64_t voxels = 0;
    double widest_mm = 0;                         // the radius of the largest ball it holds
    bool filled = false;
    std::vector<std::array<double, 3>> holes;     // each hole's lowest cavity voxel, voxel coordinates
    std::vector<std::array<double, 6>> axes;      // each hole's axis: its top and bottom end, mm from voxel 0
};

struct HollowResult {
    std::vector<float> values;                    // the shell's volume (same dims)
    std::vector<HollowCavity> cavities;
    std::uint64_t inside_voxels = 0;              // the solid's (values > iso)
    std::uint64_t material_voxels = 0;            // the shell's
    double k = 0;                                 // value units a mm
};

// `values` X·Y·Z, x fastest; `spacing` mm a voxel along each axis; `range` the values' lowest
// and highest. False with why: no wall or hole size, an iso with nothing inside or below it.
// (A solid thinner than twice the wall has no cavity: it is left solid.)
bool hollow(const float* values, const std::array<int, 3>& dims, const std::array<double, 3>& spacing, float iso,
            const std::array<float, 2>& range, const HollowSpec& spec, HollowResult* out, std::string* why);

}  // namespace hp

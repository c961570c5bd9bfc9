// The surface as a file another tool opens: binary little-endian PLY, one vertex element
// (x, y, z, nx, ny, nz as floats, volume units) and one face element (the triangles, three
// consecutive vertices each, as the GPU's stream holds them).
#pragma once

#include <cstdint>
#include <vector>

namespace hp {

// `positions` and `normals`: 3 floats a vertex. A remainder past the last whole triangle is
// written as vertices but not as a face.
std::vector<std::uint8_t> write_ply(const float* positions, const float* normals, std::uint32_t vertices);

}  // namespace hp

// The bytes of the mesh files export_mesh writes (mesh_export.h says what each holds), from a
// mesh already welded and carried into world coordinates (world_mesh.h). Internal to the export.
#pragma once

#include <cstdint>
#include <vector>

#include "world_mesh.h"

namespace hp::mesh_file {

std::vector<std::uint8_t> ply(const WorldMesh& m);
std::vector<std::uint8_t> stl(const WorldMesh& m);
// glTF 2.0 binary: one scene, one node, one mesh of one indexed triangle primitive; in metres
// (glTF's unit), the mesh's millimetres scaled by 1/1000.
std::vector<std::uint8_t> glb(const WorldMesh& m);
// Wavefront OBJ, text: v, vn and f lines (1-based, v//vn), millimetres.
std::vector<std::uint8_t> obj(const WorldMesh& m);

}  // namespace hp::mesh_file

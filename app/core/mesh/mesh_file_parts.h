// What the mesh files' writers share (internal to mesh_files.cpp and mesh_glb.cpp): a label
// map's parts, each part's triangles gathered as a mesh of their own, and the bytes of a number.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "world_mesh.h"

namespace hp {

constexpr std::uint32_t kNone = 0xffffffffu;

bool has_parts(const WorldMesh& m);

// Each part's triangles (numbers t: faces[3t..3t+2]), in the mesh's order. A triangle whose part
// is past the list (none that to_world makes) is in none.
std::vector<std::vector<std::uint32_t>> part_triangles(const WorldMesh& m);

// Some of a mesh's triangles as a mesh of their own: the vertices they use (indices into the
// mesh, in the order first used) and the triangles over those, numbered from 0.
struct Gathered {
    std::vector<std::uint32_t> vertices, faces;
};
// scratch: kNone for each of m's vertices, and left so, so that a part at a time costs its own
// size, not the whole mesh's.
Gathered gather(const WorldMesh& m, const std::vector<std::uint32_t>& triangles, std::vector<std::uint32_t>* scratch);

}  // namespace hp

namespace hp::mesh_file {

// Little-endian on every machine this runs on (x86-64, wasm32); the formats say so.
template <typename T>
void put(std::vector<std::uint8_t>* out, T v) {
    const auto* b = reinterpret_cast<const std::uint8_t*>(&v);
    out->insert(out->end(), b, b + sizeof v);
}

// Its name, or "label 7" where it has none.
std::string name_of(const MeshPart& p);

}  // namespace hp::mesh_file

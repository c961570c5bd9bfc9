// The bytes of the mesh files export_mesh writes (mesh_export.h says what each holds), from a
// mesh already welded and carried into world coordinates (world_mesh.h). Internal to the export:
// mesh_files.cpp writes PLY, STL and OBJ, mesh_glb.cpp glb, mesh_3mf.cpp 3MF; mesh_file_parts.h
// is what they share.
//
// A label map's meshes (face_part not empty) are written part by part where the format has a
// place for it: glb a node, mesh and material each, 3MF an object each, OBJ a group each, PLY a
// colour, a label and the other side's label per face; STL has none and holds every triangle. A part with no
// triangles is left out.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "world_mesh.h"

namespace hp {

// For the file of the labels on show: the parts whose label is in shown_labels (in the parts'
// order, face_part numbered over them), their triangles, and the vertices those use (in the
// order first used). A mesh with no parts (one surface, not a label's) comes back whole.
WorldMesh shown_parts(const WorldMesh& m, const std::vector<float>& shown_labels);

}  // namespace hp

namespace hp::mesh_file {

// Binary little-endian; with parts, a face's colour (uchar red, green, blue) is its part's, then
// its label and the label on its other side (int label, int other_label; 0: the background), and
// a header comment per part gives its label, name and colour.
std::vector<std::uint8_t> ply(const WorldMesh& m);
// Binary; every triangle of every part (the caller picks the parts first: shown_parts).
std::vector<std::uint8_t> stl(const WorldMesh& m);
// glTF 2.0 binary, in metres (glTF's unit), the mesh's millimetres scaled by 1/1000: one scene.
// One surface: one node, one mesh of one indexed triangle primitive. Parts: a node each, named
// after the part, with its own mesh (its own vertices, numbered from 0) and material (the part's
// colour, linear). The buffer holds each mesh's positions, normals and indices in turn, a
// buffer view each.
std::vector<std::uint8_t> glb(const WorldMesh& m);
// 3MF (3D Manufacturing Format: a zip of XML; core 1.3 and the materials extension), millimetres.
// One surface: one object. Parts: an object each (its own vertices, numbered from 0), named after
// the part, its default property the part's base material (its name and display colour) and
// each triangle the part's colour in a colour group (the materials extension, which Bambu Studio
// and Orca read); one object of them all as components, the build's one item (kept assembled).
// Empty with *error set past 4 GiB (no zip64).
std::vector<std::uint8_t> three_mf(const WorldMesh& m, std::string* error);
// Wavefront OBJ, text: v, vn and f lines (1-based, v//vn), millimetres. Parts: a comment
// `# label VALUE NAME rgb R G B` each at the top, then all v and vn lines, then per part
// `g NAME` and its f lines (NAME with blanks, '#', '\' and control characters as '_').
std::vector<std::uint8_t> obj(const WorldMesh& m);

}  // namespace hp::mesh_file

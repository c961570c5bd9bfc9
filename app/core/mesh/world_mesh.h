// An indexed triangle mesh in world coordinates (millimetres, LPS): what the mesh files are
// written from and what the mesh steps (mesh_process.h) work on. Double precision, so the
// steps' sums (volumes, areas, smoothing) do not round at a skull's size.
#pragma once

#include <cmath>
#include <cstddef>
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace hp {

struct Vec3 {
    double x, y, z;
    Vec3 operator-(const Vec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
    Vec3 operator+(const Vec3& o) const { return {x + o.x, y + o.y, z + o.z}; }
    Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
};
inline Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline double dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline double length(const Vec3& v) { return std::sqrt(dot(v, v)); }
inline Vec3 unit(const Vec3& v) {
    const double l = length(v);
    return l > 0 ? Vec3{v.x / l, v.y / l, v.z / l} : Vec3{0, 0, 0};
}

// One label's part of a label map's meshes (classify=labels): its value in the volume, its name
// and colour (from the file or a table given with it, else "label N" and the fixed palette).
struct MeshPart {
    float label = 0;
    std::string name;
    std::array<std::uint8_t, 3> rgb{200, 200, 200};
};

// A label's text where no table names it: "label 7", "label 2.5".
inline std::string float_label(float l) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", double(l));
    return text;
}

struct WorldMesh {
    std::vector<Vec3> positions, normals;  // one a vertex
    std::vector<std::uint32_t> faces;      // three indices a triangle, counter-clockwise seen from outside
    // A label map's meshes: each triangle's part (an index into parts). Empty: one surface.
    // A vertex belongs to one part (each label's mesh has its own vertices, even where two
    // labels share an interface: the same positions, the triangles in opposite order).
    std::vector<std::uint32_t> face_part;
    // ... and the label on each triangle's other side (0: the background): where it is not 0,
    // that label's part holds the same triangle the other way round.
    std::vector<float> face_other;
    std::vector<MeshPart> parts;
    std::size_t triangles() const { return faces.size() / 3; }
};

// The triangle at faces[t]: twice its area as a vector (its direction the face's normal).
inline Vec3 face_cross(const WorldMesh& m, std::size_t t) {
    const Vec3 &p0 = m.positions[m.faces[t]], &p1 = m.positions[m.faces[t + 1]], &p2 = m.positions[m.faces[t + 2]];
    return cross(p1 - p0, p2 - p0);
}
// Its unit normal (zero for a face of no area).
inline Vec3 face_normal(const WorldMesh& m, std::size_t t) { return unit(face_cross(m, t)); }

}  // namespace hp

// The bytes of the mesh files export_mesh writes (mesh_export.h says what each holds), from a
// mesh already welded and carried into world coordinates (mesh_export.cpp). Internal to the
// export.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hp::mesh_file {

struct Vec3 {
    double x, y, z;
    Vec3 operator-(const Vec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
};
inline Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline double length(const Vec3& v) { return std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z); }
inline Vec3 unit(const Vec3& v) {
    const double l = length(v);
    return l > 0 ? Vec3{v.x / l, v.y / l, v.z / l} : Vec3{0, 0, 0};
}

// A mesh welded by edge id and carried into world coordinates.
struct WorldMesh {
    std::vector<Vec3> positions, normals;  // world
    std::vector<std::uint32_t> faces;      // three indices a triangle, counter-clockwise seen from outside
};

// The unit normal of the triangle at faces[t] (zero for a face of no area).
inline Vec3 face_normal(const WorldMesh& m, std::size_t t) {
    const Vec3 &p0 = m.positions[m.faces[t]], &p1 = m.positions[m.faces[t + 1]], &p2 = m.positions[m.faces[t + 2]];
    return unit(cross(p1 - p0, p2 - p0));
}

std::vector<std::uint8_t> ply(const WorldMesh& m);
std::vector<std::uint8_t> stl(const WorldMesh& m);
// glTF 2.0 binary: one scene, one node, one mesh of one indexed triangle primitive.
std::vector<std::uint8_t> glb(const WorldMesh& m);

}  // namespace hp::mesh_file

#include "mesh_export.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

#include "json_writer.h"
#include "marching_cubes.h"
#include "reference_mesh.h"

namespace hp {
namespace {

// Little-endian on every machine this runs on (x86-64, wasm32); the formats say so.
template <typename T>
void put(std::vector<std::uint8_t>* out, T v) {
    const auto* b = reinterpret_cast<const std::uint8_t*>(&v);
    out->insert(out->end(), b, b + sizeof v);
}

// Edge e of a cell: its lower corner (offset from the cell) and its axis.
struct CellEdge {
    Voxel lower;
    int axis;
};
CellEdge cell_edge(int e) {
    const Voxel& a = kCellCorners[std::size_t(mc::kEdgeCorners[std::size_t(e)][0])];
    const Voxel& b = kCellCorners[std::size_t(mc::kEdgeCorners[std::size_t(e)][1])];
    return {{std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)}, a.x != b.x ? 0 : a.y != b.y ? 1 : 2};
}

struct Vec3 {
    double x, y, z;
    Vec3 operator-(const Vec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
};
Vec3 cross(const Vec3& a, const Vec3& b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
double length(const Vec3& v) { return std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z); }
Vec3 unit(const Vec3& v) {
    const double l = length(v);
    return l > 0 ? Vec3{v.x / l, v.y / l, v.z / l} : Vec3{0, 0, 0};
}

// A mesh welded by edge id and carried into world coordinates.
struct Welded {
    std::vector<Vec3> positions, normals;  // world
    std::vector<std::uint32_t> faces;      // three indices a triangle, counter-clockwise seen from outside
};

// The soup welded by edge id: a vertex where an edge id first appears, in voxel units.
IndexedMesh weld(const EdgeMesh& m) {
    IndexedMesh out;
    std::unordered_map<std::uint64_t, std::uint32_t> index;
    index.reserve(m.vertices());
    const std::size_t whole = m.vertices() / 3 * 3;
    for (std::size_t k = 0; k < whole; ++k) {
        const auto [it, fresh] = index.emplace(m.edges[k], std::uint32_t(out.positions.size() / 3));
        out.indices.push_back(it->second);
        if (!fresh) continue;
        out.positions.insert(out.positions.end(), &m.positions[3 * k], &m.positions[3 * k] + 3);
        out.normals.insert(out.normals.end(), &m.normals[3 * k], &m.normals[3 * k] + 3);
    }
    return out;
}

// An indexed mesh carried into world coordinates.
Welded to_world(const IndexedMesh& m, const std::array<double, 12>& w, double unit_scale) {
    Welded out;
    out.faces = m.indices;
    // Normals go through the inverse transpose of the 3×3 part: its cofactor matrix (the
    // determinant's scale is lost to normalizing, its sign kept).
    const double a = w[0], b = w[1], c = w[2], d = w[4], e = w[5], f = w[6], g = w[8], h = w[9], i = w[10];
    const double cof[9] = {e * i - f * h, f * g - d * i, d * h - e * g, c * h - b * i, a * i - c * g,
                           b * g - a * h, b * f - c * e, c * d - a * f, a * e - b * d};
    const double det = a * cof[0] + b * cof[1] + c * cof[2];
    const double sign = det < 0 ? -1 : 1;
    for (std::size_t k = 0; k < m.vertices(); ++k) {
        const float* p = &m.positions[3 * k];
        const float* n = &m.normals[3 * k];
        out.positions.push_back({unit_scale * (w[0] * p[0] + w[1] * p[1] + w[2] * p[2] + w[3]),
                                 unit_scale * (w[4] * p[0] + w[5] * p[1] + w[6] * p[2] + w[7]),
                                 unit_scale * (w[8] * p[0] + w[9] * p[1] + w[10] * p[2] + w[11])});
        out.normals.push_back(unit({sign * (cof[0] * n[0] + cof[1] * n[1] + cof[2] * n[2]),
                                    sign * (cof[3] * n[0] + cof[4] * n[1] + cof[5] * n[2]),
                                    sign * (cof[6] * n[0] + cof[7] * n[1] + cof[8] * n[2])}));
    }
    // The table's triangles turn counter-clockwise seen from outside (where values are below
    // iso); a mirrored frame (a negative determinant) turns them the other way: turned back.
    if (det < 0)
        for (std::size_t t = 0; t < out.faces.size(); t += 3) std::swap(out.faces[t + 1], out.faces[t + 2]);
    // A zero gradient has no direction: such a vertex gets its first face's normal.
    for (std::size_t t = 0; t < out.faces.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            Vec3& n = out.normals[out.faces[t + std::size_t(k)]];
            if (n.x != 0 || n.y != 0 || n.z != 0) continue;
            const Vec3 &p0 = out.positions[out.faces[t]], &p1 = out.positions[out.faces[t + 1]],
                       &p2 = out.positions[out.faces[t + 2]];
            n = unit(cross(p1 - p0, p2 - p0));
            if (length(n) == 0) n = {0, 0, 1};  // a face of no area: any unit vector
        }
    return out;
}

Vec3 face_normal(const Welded& m, std::size_t t) {
    const Vec3 &p0 = m.positions[m.faces[t]], &p1 = m.positions[m.faces[t + 1]], &p2 = m.positions[m.faces[t + 2]];
    return unit(cross(p1 - p0, p2 - p0));
}

std::vector<std::uint8_t> ply(const Welded& m) {
    const std::string header = "ply\nformat binary_little_endian 1.0\n"
                               "comment marching cubes on a histopyramid, welded by edge; world coordinates, mm\n"
                               "comment SPACE=LPS\n"
                               "element vertex " + std::to_string(m.positions.size()) +
                               "\nproperty float x\nproperty float y\nproperty float z\n"
                               "property float nx\nproperty float ny\nproperty float nz\n"
                               "element face " + std::to_string(m.faces.size() / 3) +
                               "\nproperty list uchar uint vertex_indices\nend_header\n";
    std::vector<std::uint8_t> out(header.begin(), header.end());
    out.reserve(out.size() + m.positions.size() * 24 + m.faces.size() / 3 * 13);
    for (std::size_t v = 0; v < m.positions.size(); ++v)
        for (double x : {m.positions[v].x, m.positions[v].y, m.positions[v].z, m.normals[v].x, m.normals[v].y,
                         m.normals[v].z})
            put(&out, float(x));
    for (std::size_t t = 0; t < m.faces.size(); t += 3) {
        put(&out, std::uint8_t(3));
        for (int k = 0; k < 3; ++k) put(&out, m.faces[t + std::size_t(k)]);
    }
    return out;
}

std::vector<std::uint8_t> stl(const Welded& m) {
    std::vector<std::uint8_t> out(80, ' ');
    const char title[] = "binary STL: marching cubes on a histopyramid, world mm, SPACE=LPS";
    std::memcpy(out.data(), title, sizeof title - 1);  // not "solid": that would read as ASCII STL
    put(&out, std::uint32_t(m.faces.size() / 3));
    out.reserve(84 + m.faces.size() / 3 * 50);
    for (std::size_t t = 0; t < m.faces.size(); t += 3) {
        const Vec3 n = face_normal(m, t);
        for (double x : {n.x, n.y, n.z}) put(&out, float(x));
        for (int k = 0; k < 3; ++k) {
            const Vec3& p = m.positions[m.faces[t + std::size_t(k)]];
            for (double x : {p.x, p.y, p.z}) put(&out, float(x));
        }
        put(&out, std::uint16_t(0));
    }
    return out;
}

// glTF 2.0 binary: one scene, one node, one mesh of one indexed triangle primitive.
std::vector<std::uint8_t> glb(const Welded& m) {
    const std::size_t nv = m.positions.size(), ni = m.faces.size();
    std::vector<std::uint8_t> bin;
    bin.reserve(nv * 24 + ni * 4);
    float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (const Vec3& p : m.positions) {
        const float f[3] = {float(p.x), float(p.y), float(p.z)};
        for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], f[k]), hi[k] = std::max(hi[k], f[k]), put(&bin, f[k]);
    }
    for (const Vec3& n : m.normals)
        for (double x : {n.x, n.y, n.z}) put(&bin, float(x));
    for (std::uint32_t i : m.faces) put(&bin, i);
    // The JSON chunk: the buffer's three views (positions, normals, indices) and their accessors.
    JsonWriter w;
    w.begin_object();
    w.key("asset").begin_object();
    w.key("version").string("2.0").key("generator").string("histopyramid stream compaction demo, marching cubes");
    w.end_object();
    w.key("scene").integer(0);
    w.key("scenes").begin_array().begin_object();
    w.key("nodes").begin_array().integer(0).end_array();
    w.end_object().end_array();
    w.key("nodes").begin_array().begin_object().key("mesh").integer(0).end_object().end_array();
    w.key("meshes").begin_array().begin_object().key("primitives").begin_array().begin_object();
    w.key("attributes").begin_object().key("POSITION").integer(0).key("NORMAL").integer(1).end_object();
    w.key("indices").integer(2).key("mode").integer(4);
    w.end_object().end_array().end_object().end_array();
    w.key("buffers").begin_array();
    w.begin_object().key("byteLength").integer(std::int64_t(bin.size())).end_object();
    w.end_array();
    const auto view = [&w](std::size_t offset, std::size_t length, int target) {
        w.begin_object().key("buffer").integer(0).key("byteOffset").integer(std::int64_t(offset));
        w.key("byteLength").integer(std::int64_t(length)).key("target").integer(target).end_object();
    };
    w.key("bufferViews").begin_array();
    view(0, nv * 12, 34962);  // ARRAY_BUFFER
    view(nv * 12, nv * 12, 34962);
    view(nv * 24, ni * 4, 34963);  // ELEMENT_ARRAY_BUFFER
    w.end_array();
    const auto accessor = [&](int view_index, int component, std::size_t count, const char* type, bool bounds) {
        w.begin_object().key("bufferView").integer(view_index).key("componentType").integer(component);
        w.key("count").integer(std::int64_t(count)).key("type").string(type);
        if (bounds) {
            w.key("min").begin_array().number(lo[0], 9).number(lo[1], 9).number(lo[2], 9).end_array();
            w.key("max").begin_array().number(hi[0], 9).number(hi[1], 9).number(hi[2], 9).end_array();
        }
        w.end_object();
    };
    w.key("accessors").begin_array();
    accessor(0, 5126, nv, "VEC3", true);  // FLOAT positions, with their bounds (glTF asks for them)
    accessor(1, 5126, nv, "VEC3", false);
    accessor(2, 5125, ni, "SCALAR", false);  // UNSIGNED_INT
    w.end_array();
    w.end_object();
    std::string json = w.text();
    while (json.size() % 4) json += ' ';
    while (bin.size() % 4) bin.push_back(0);
    std::vector<std::uint8_t> out;
    out.reserve(28 + json.size() + bin.size());
    put(&out, std::uint32_t(0x46546C67));  // "glTF"
    put(&out, std::uint32_t(2));
    put(&out, std::uint32_t(12 + 8 + json.size() + 8 + bin.size()));
    put(&out, std::uint32_t(json.size()));
    put(&out, std::uint32_t(0x4E4F534A));  // "JSON"
    out.insert(out.end(), json.begin(), json.end());
    put(&out, std::uint32_t(bin.size()));
    put(&out, std::uint32_t(0x004E4942));  // "BIN"
    out.insert(out.end(), bin.begin(), bin.end());
    return out;
}

}  // namespace

std::uint64_t edge_id(const std::array<int, 3>& dims, Voxel lower, int axis) {
    return 3 * (std::uint64_t(lower.x) + std::uint64_t(dims[0]) * (std::uint64_t(lower.y) + std::uint64_t(dims[1]) *
                                                                                              std::uint64_t(lower.z))) +
           std::uint64_t(axis);
}

std::vector<std::uint64_t> stream_edges(const std::vector<StreamEntry>& stream, const std::array<int, 3>& dims) {
    std::vector<std::uint64_t> out;
    for (const StreamEntry& s : stream) {
        const int c = int(s.w);
        for (int j = 0; j < mc::vertex_count(c); ++j) {
            const CellEdge e = cell_edge(mc::triangle_edge(c, j));
            out.push_back(edge_id(dims, {int(s.x) + e.lower.x, int(s.y) + e.lower.y, int(s.z) + e.lower.z}, e.axis));
        }
    }
    return out;
}

EdgeMesh volume_mesh(const float* values, const std::array<int, 3>& dims, float iso, bool closed) {
    const int pad = closed ? 1 : 0;
    const std::array<int, 3> g{dims[0] + 2 * pad, dims[1] + 2 * pad, dims[2] + 2 * pad};
    float outside = iso;
    if (closed) {
        for (std::size_t i = 0, n = std::size_t(dims[0]) * std::size_t(dims[1]) * std::size_t(dims[2]); i < n; ++i)
            outside = std::min(outside, values[i]);
        outside -= 1;  // below every value and iso: outside the surface
    }
    auto field = [&](int x, int y, int z) {
        x = std::clamp(x, 0, g[0] - 1), y = std::clamp(y, 0, g[1] - 1), z = std::clamp(z, 0, g[2] - 1);
        x -= pad, y -= pad, z -= pad;
        if (x < 0 || y < 0 || z < 0 || x >= dims[0] || y >= dims[1] || z >= dims[2]) return outside;
        return values[std::size_t(x) + std::size_t(dims[0]) * (std::size_t(y) + std::size_t(dims[1]) * std::size_t(z))];
    };
    EdgeMesh m;
    for (int z = 0; z + 1 < g[2]; ++z)
        for (int y = 0; y + 1 < g[1]; ++y)
            for (int x = 0; x + 1 < g[0]; ++x) {
                int c = 0;
                for (int i = 0; i < 8; ++i) {
                    const Voxel& k = kCellCorners[std::size_t(i)];
                    if (field(x + k.x, y + k.y, z + k.z) < iso) c |= 1 << i;
                }
                if (c == 0 || c == 255) continue;
                for (int j = 0; j < mc::vertex_count(c); ++j) {
                    const int e = mc::triangle_edge(c, j);
                    float p[3], n[3];
                    edge_vertex(field, {x, y, z}, e, iso, pad, p, n);  // the reference mesh's vertex
                    m.positions.insert(m.positions.end(), p, p + 3);
                    m.normals.insert(m.normals.end(), n, n + 3);
                    const CellEdge ce = cell_edge(e);
                    m.edges.push_back(edge_id(g, {x + ce.lower.x, y + ce.lower.y, z + ce.lower.z}, ce.axis));
                }
            }
    return m;
}

std::vector<std::uint8_t> export_mesh(const EdgeMesh& mesh, MeshFile type, const std::array<double, 12>& to_world,
                                      std::string* error) {
    if (mesh.vertices() < 3) return *error = "no surface to export at this iso", std::vector<std::uint8_t>();
    if (mesh.vertices() >= 0xffffffffull)
        return *error = "the surface has more vertices than a file indexes (2^32)", std::vector<std::uint8_t>();
    return export_mesh(weld(mesh), type, to_world, error);
}

std::vector<std::uint8_t> export_mesh(const IndexedMesh& mesh, MeshFile type, const std::array<double, 12>& world,
                                      std::string* error) {
    if (mesh.indices.size() < 3) return *error = "no surface to export at this iso", std::vector<std::uint8_t>();
    for (std::uint32_t i : mesh.indices)
        if (i >= mesh.vertices()) return *error = "an index past the mesh's vertices", std::vector<std::uint8_t>();
    const Welded w = to_world(mesh, world, type == MeshFile::Glb ? 0.001 : 1.0);  // glTF's unit is the metre
    switch (type) {
        case MeshFile::Ply: return ply(w);
        case MeshFile::Stl: return stl(w);
        case MeshFile::Glb: return glb(w);
    }
    return {};
}

}  // namespace hp

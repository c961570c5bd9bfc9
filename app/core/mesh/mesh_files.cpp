#include "mesh_files.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "json_writer.h"

namespace hp::mesh_file {
namespace {

// Little-endian on every machine this runs on (x86-64, wasm32); the formats say so.
template <typename T>
void put(std::vector<std::uint8_t>* out, T v) {
    const auto* b = reinterpret_cast<const std::uint8_t*>(&v);
    out->insert(out->end(), b, b + sizeof v);
}

// v as text with `decimals` places, rounded (OBJ's numbers; snprintf is slow in wasm for a
// million of them).
void put_fixed(std::vector<std::uint8_t>* out, double v, int decimals) {
    static constexpr double kScale[] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6};
    const double scaled = std::round(std::fabs(v) * kScale[decimals]);
    if (!(scaled < 9e15)) {  // past what an integer holds exactly (or NaN): printf's way
        char buf[40];
        const int n = std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
        out->insert(out->end(), buf, buf + n);
        return;
    }
    auto digits = std::uint64_t(scaled);
    char buf[24];
    int n = 0;
    for (int k = 0; k < decimals || digits > 0 || n <= decimals; ++k) {
        if (k == decimals && decimals > 0) buf[n++] = '.';
        buf[n++] = char('0' + digits % 10);
        digits /= 10;
    }
    if (v < 0 && scaled > 0) buf[n++] = '-';
    while (n > 0) out->push_back(std::uint8_t(buf[--n]));
}

void put_text(std::vector<std::uint8_t>* out, const std::string& s) { out->insert(out->end(), s.begin(), s.end()); }

}  // namespace

std::vector<std::uint8_t> ply(const WorldMesh& m) {
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

std::vector<std::uint8_t> stl(const WorldMesh& m) {
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

std::vector<std::uint8_t> glb(const WorldMesh& m) {
    const std::size_t nv = m.positions.size(), ni = m.faces.size();
    std::vector<std::uint8_t> bin;
    bin.reserve(nv * 24 + ni * 4);
    float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (const Vec3& p : m.positions) {
        const float f[3] = {float(p.x / 1000), float(p.y / 1000), float(p.z / 1000)};  // glTF's metres
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

std::vector<std::uint8_t> obj(const WorldMesh& m) {
    std::vector<std::uint8_t> out;
    out.reserve(m.positions.size() * 80 + m.faces.size() * 12);
    put_text(&out, "# marching cubes on a histopyramid, welded by edge; world coordinates, mm, SPACE=LPS\n");
    put_text(&out, "# " + std::to_string(m.positions.size()) + " vertices, " + std::to_string(m.faces.size() / 3) +
                       " triangles\n");
    const auto line = [&out](const char* tag, const Vec3& v, int decimals) {
        put_text(&out, tag);
        for (double x : {v.x, v.y, v.z}) out.push_back(' '), put_fixed(&out, x, decimals);
        out.push_back('\n');
    };
    for (const Vec3& p : m.positions) line("v", p, 4);  // a tenth of a micrometre
    for (const Vec3& n : m.normals) line("vn", n, 5);
    for (std::size_t t = 0; t < m.faces.size(); t += 3) {
        put_text(&out, "f");
        for (int k = 0; k < 3; ++k) {
            const std::string i = std::to_string(m.faces[t + std::size_t(k)] + 1);
            put_text(&out, " " + i + "//" + i);
        }
        out.push_back('\n');
    }
    return out;
}

}  // namespace hp::mesh_file

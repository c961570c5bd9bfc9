// The glTF 2.0 binary of a mesh (mesh_files.h says what it holds).
#include "mesh_files.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "json_writer.h"
#include "mesh_file_parts.h"

namespace hp::mesh_file {
namespace {

// Where one glTF mesh's data lies in the buffer (positions, then normals, then indices) and
// the bounds glTF asks of its positions.
struct GlbPiece {
    std::size_t offset = 0, vertices = 0, indices = 0;
    std::array<float, 3> lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
};

// Appends a piece's positions (glTF's metres), normals and indices to bin. vertices: m's
// vertices it holds, in order (null: all of m's); faces: its triangles over those.
GlbPiece put_piece(const WorldMesh& m, const std::vector<std::uint32_t>* vertices,
                   const std::vector<std::uint32_t>& faces, std::vector<std::uint8_t>* bin) {
    GlbPiece p;
    p.offset = bin->size();
    p.vertices = vertices ? vertices->size() : m.positions.size();
    p.indices = faces.size();
    const auto vertex = [vertices](std::size_t i) { return vertices ? std::size_t((*vertices)[i]) : i; };
    for (std::size_t i = 0; i < p.vertices; ++i) {
        const Vec3& q = m.positions[vertex(i)];
        const float f[3] = {float(q.x / 1000), float(q.y / 1000), float(q.z / 1000)};
        for (std::size_t k = 0; k < 3; ++k)
            p.lo[k] = std::min(p.lo[k], f[k]), p.hi[k] = std::max(p.hi[k], f[k]), put(bin, f[k]);
    }
    for (std::size_t i = 0; i < p.vertices; ++i)
        for (double x : {m.normals[vertex(i)].x, m.normals[vertex(i)].y, m.normals[vertex(i)].z}) put(bin, float(x));
    for (std::uint32_t i : faces) put(bin, i);
    return p;
}

// glTF's colours are linear; a part's rgb is sRGB (as a colour picker or a label table gives it).
double linear(std::uint8_t srgb) {
    const double c = srgb / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// The scene: a node and a mesh per piece, piece k's accessors 3k (POSITION), 3k+1 (NORMAL) and
// 3k+2 (indices). parts: piece k's part, named and coloured (a material each); none for one
// surface, which is written as it always was (no names, no material).
void glb_scene(JsonWriter* w, const std::vector<const MeshPart*>& parts, std::size_t pieces) {
    w->key("scene").integer(0);
    w->key("scenes").begin_array().begin_object().key("nodes").begin_array();
    for (std::size_t k = 0; k < pieces; ++k) w->integer(std::int64_t(k));
    w->end_array().end_object().end_array();
    w->key("nodes").begin_array();
    for (std::size_t k = 0; k < pieces; ++k) {
        w->begin_object();
        if (!parts.empty()) w->key("name").string(name_of(*parts[k]));
        w->key("mesh").integer(std::int64_t(k)).end_object();
    }
    w->end_array();
    w->key("meshes").begin_array();
    for (std::size_t k = 0; k < pieces; ++k) {
        const auto a = std::int64_t(3 * k);
        w->begin_object();
        if (!parts.empty()) w->key("name").string(name_of(*parts[k]));
        w->key("primitives").begin_array().begin_object();
        w->key("attributes").begin_object().key("POSITION").integer(a).key("NORMAL").integer(a + 1).end_object();
        w->key("indices").integer(a + 2);
        if (!parts.empty()) w->key("material").integer(std::int64_t(k));
        w->key("mode").integer(4);
        w->end_object().end_array().end_object();
    }
    w->end_array();
}

void glb_materials(JsonWriter* w, const std::vector<const MeshPart*>& parts) {
    if (parts.empty()) return;
    w->key("materials").begin_array();
    for (const MeshPart* p : parts) {
        w->begin_object().key("name").string(name_of(*p)).key("pbrMetallicRoughness").begin_object();
        w->key("baseColorFactor").begin_array();
        for (std::uint8_t c : p->rgb) w->number(linear(c), 9);
        w->number(1).end_array();
        // Matte, not metal: a surface of tissue, as a viewer shows a label map.
        w->key("metallicFactor").number(0).key("roughnessFactor").number(0.8, 9);
        w->end_object().end_object();
    }
    w->end_array();
}

// The one buffer, a view per piece's positions, normals and indices (a view each, so that no
// view is shared and none needs a byteStride), and an accessor per view.
void glb_buffers(JsonWriter* w, const std::vector<GlbPiece>& pieces, std::size_t bin_size) {
    w->key("buffers").begin_array();
    w->begin_object().key("byteLength").integer(std::int64_t(bin_size)).end_object();
    w->end_array();
    const auto view = [w](std::size_t offset, std::size_t length, int target) {
        w->begin_object().key("buffer").integer(0).key("byteOffset").integer(std::int64_t(offset));
        w->key("byteLength").integer(std::int64_t(length)).key("target").integer(target).end_object();
    };
    w->key("bufferViews").begin_array();
    for (const GlbPiece& p : pieces) {
        view(p.offset, p.vertices * 12, 34962);  // ARRAY_BUFFER
        view(p.offset + p.vertices * 12, p.vertices * 12, 34962);
        view(p.offset + p.vertices * 24, p.indices * 4, 34963);  // ELEMENT_ARRAY_BUFFER
    }
    w->end_array();
    const auto accessor = [w](std::size_t view_index, int component, std::size_t count, const char* type,
                              const GlbPiece* bounds) {
        w->begin_object().key("bufferView").integer(std::int64_t(view_index)).key("componentType").integer(component);
        w->key("count").integer(std::int64_t(count)).key("type").string(type);
        if (bounds) {
            numbers(&w->key("min"), bounds->lo);
            numbers(&w->key("max"), bounds->hi);
        }
        w->end_object();
    };
    w->key("accessors").begin_array();
    for (std::size_t k = 0; k < pieces.size(); ++k) {
        accessor(3 * k, 5126, pieces[k].vertices, "VEC3", &pieces[k]);  // FLOAT positions, with the bounds glTF asks for
        accessor(3 * k + 1, 5126, pieces[k].vertices, "VEC3", nullptr);
        accessor(3 * k + 2, 5125, pieces[k].indices, "SCALAR", nullptr);  // UNSIGNED_INT
    }
    w->end_array();
}

std::string glb_json(const std::vector<GlbPiece>& pieces, const std::vector<const MeshPart*>& parts,
                     std::size_t bin_size) {
    JsonWriter w;
    w.begin_object();
    w.key("asset").begin_object();
    w.key("version").string("2.0").key("generator").string("histopyramid stream compaction demo, marching cubes");
    w.end_object();
    glb_scene(&w, parts, pieces.size());
    glb_materials(&w, parts);
    glb_buffers(&w, pieces, bin_size);
    w.end_object();
    return w.text();
}

// The container: a 12-byte header, then the JSON and BIN chunks, each padded to 4 bytes.
std::vector<std::uint8_t> glb_file(std::string json, std::vector<std::uint8_t> bin) {
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

std::vector<std::uint8_t> glb(const WorldMesh& m) {
    std::vector<std::uint8_t> bin;
    bin.reserve(m.positions.size() * 24 + m.faces.size() * 4);
    std::vector<GlbPiece> pieces;
    std::vector<const MeshPart*> parts;
    if (!has_parts(m)) pieces.push_back(put_piece(m, nullptr, m.faces, &bin));
    // Else a part each, with only its own vertices: an importer (Blender) makes an object of
    // each node and keeps every vertex an accessor holds, used or not.
    const auto triangles = part_triangles(m);  // no parts: none
    std::vector<std::uint32_t> scratch(has_parts(m) ? m.positions.size() : 0, kNone);
    for (std::size_t p = 0; p < triangles.size(); ++p) {
        if (triangles[p].empty()) continue;
        const Gathered g = gather(m, triangles[p], &scratch);
        pieces.push_back(put_piece(m, &g.vertices, g.faces, &bin));
        parts.push_back(&m.parts[p]);
    }
    std::string json = glb_json(pieces, parts, bin.size());  // before bin is moved away
    return glb_file(std::move(json), std::move(bin));
}

}  // namespace hp::mesh_file

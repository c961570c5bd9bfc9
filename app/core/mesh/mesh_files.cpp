#include "mesh_files.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "mesh_file_parts.h"

namespace hp {

bool has_parts(const WorldMesh& m) { return !m.face_part.empty(); }

std::vector<std::vector<std::uint32_t>> part_triangles(const WorldMesh& m) {
    std::vector<std::vector<std::uint32_t>> out(m.parts.size());
    for (std::size_t t = 0; t < std::min(m.face_part.size(), m.triangles()); ++t)
        if (m.face_part[t] < out.size()) out[m.face_part[t]].push_back(std::uint32_t(t));
    return out;
}

Gathered gather(const WorldMesh& m, const std::vector<std::uint32_t>& triangles, std::vector<std::uint32_t>* scratch) {
    Gathered g;
    g.faces.reserve(triangles.size() * 3);
    for (std::uint32_t t : triangles)
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t v = m.faces[3 * std::size_t(t) + k];
            std::uint32_t& local = (*scratch)[v];
            if (local == kNone) local = std::uint32_t(g.vertices.size()), g.vertices.push_back(v);
            g.faces.push_back(local);
        }
    for (std::uint32_t v : g.vertices) (*scratch)[v] = kNone;
    return g;
}

WorldMesh shown_parts(const WorldMesh& m, const std::vector<float>& shown_labels) {
    std::vector<float> sorted = shown_labels;  // a lookup a part: no quadratic walk over 65,536 labels
    std::sort(sorted.begin(), sorted.end());
    if (!has_parts(m)) return m;
    WorldMesh out;
    std::vector<std::uint32_t> renumbered(m.parts.size(), kNone);  // a shown part's index in out.parts
    for (std::size_t p = 0; p < m.parts.size(); ++p)
        if (std::binary_search(sorted.begin(), sorted.end(), m.parts[p].label))
            renumbered[p] = std::uint32_t(out.parts.size()), out.parts.push_back(m.parts[p]);
    std::vector<std::uint32_t> kept;
    for (std::size_t t = 0; t < std::min(m.face_part.size(), m.triangles()); ++t)
        if (m.face_part[t] < renumbered.size() && renumbered[m.face_part[t]] != kNone)
            kept.push_back(std::uint32_t(t)), out.face_part.push_back(renumbered[m.face_part[t]]);
    for (std::uint32_t t : kept)  // a hidden label stays the other side's label
        if (t < m.face_other.size()) out.face_other.push_back(m.face_other[t]);
    std::vector<std::uint32_t> scratch(m.positions.size(), kNone);
    Gathered g = gather(m, kept, &scratch);
    out.faces = std::move(g.faces);
    out.positions.reserve(g.vertices.size());
    out.normals.reserve(g.vertices.size());
    for (std::uint32_t v : g.vertices) out.positions.push_back(m.positions[v]), out.normals.push_back(m.normals[v]);
    return out;
}

}  // namespace hp

namespace hp::mesh_file {
namespace {

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

// A PLY face's label and the label on its other side, as int (a label map's labels are whole
// numbers, exact in a float up to 2^24).
void label_pair(std::vector<std::uint8_t>* out, float label, float other) {
    put(out, std::int32_t(std::lround(label)));
    put(out, std::int32_t(std::lround(other)));
}

// A part's name as one word of OBJ and PLY text: blanks, control characters, '#' (a comment
// to follow) and '\' (a line continuation to some OBJ readers) as '_'; the other bytes, UTF-8
// included, as they are (OBJ readers take UTF-8).
std::string word(const MeshPart& p) {
    std::string s = name_of(p);
    for (char& c : s) {
        const auto b = static_cast<unsigned char>(c);
        if (b <= ' ' || b == 0x7f || c == '#' || c == '\\') c = '_';
    }
    return s;
}

// What a reader needs to colour a part back: "label 7 Left_Thalamus rgb 0 118 14".
std::string part_comment(const MeshPart& p) {
    return "label " + float_label(p.label) + " " + word(p) + " rgb " + std::to_string(p.rgb[0]) + " " +
           std::to_string(p.rgb[1]) + " " + std::to_string(p.rgb[2]);
}

// An OBJ face line: 1-based, the vertex's normal has its number (v//vn).
void put_obj_face(std::vector<std::uint8_t>* out, const WorldMesh& m, std::size_t t) {
    put_text(out, "f");
    for (std::size_t k = 0; k < 3; ++k) {
        const std::string i = std::to_string(m.faces[3 * t + k] + 1);
        put_text(out, " " + i + "//" + i);
    }
    out->push_back('\n');
}

}  // namespace

std::string name_of(const MeshPart& p) { return p.name.empty() ? "label " + float_label(p.label) : p.name; }

std::vector<std::uint8_t> ply(const WorldMesh& m) {
    const bool coloured = has_parts(m);
    std::string header = "ply\nformat binary_little_endian 1.0\n"
                         "comment marching cubes on a histopyramid, welded by edge; world coordinates, mm\n"
                         "comment SPACE=LPS\n";
    const auto triangles = part_triangles(m);
    for (std::size_t p = 0; p < triangles.size(); ++p)
        if (!triangles[p].empty()) header += "comment " + part_comment(m.parts[p]) + "\n";
    header += "element vertex " + std::to_string(m.positions.size()) +
              "\nproperty float x\nproperty float y\nproperty float z\n"
              "property float nx\nproperty float ny\nproperty float nz\n"
              "element face " + std::to_string(m.faces.size() / 3) + "\nproperty list uchar uint vertex_indices\n";
    // A face's colour: what Blender and MeshLab read of a PLY's faces. Then its label and the
    // label on its other side (0: the background), whole numbers (label_pair).
    if (coloured)
        header += "property uchar red\nproperty uchar green\nproperty uchar blue\n"
                  "property int label\nproperty int other_label\n";
    header += "end_header\n";
    std::vector<std::uint8_t> out(header.begin(), header.end());
    out.reserve(out.size() + m.positions.size() * 24 + m.faces.size() / 3 * (coloured ? 24 : 13));
    for (std::size_t v = 0; v < m.positions.size(); ++v)
        for (double x : {m.positions[v].x, m.positions[v].y, m.positions[v].z, m.normals[v].x, m.normals[v].y,
                         m.normals[v].z})
            put(&out, float(x));
    for (std::size_t t = 0; t < m.faces.size() / 3; ++t) {
        put(&out, std::uint8_t(3));
        for (std::size_t k = 0; k < 3; ++k) put(&out, m.faces[3 * t + k]);
        if (!coloured) continue;
        const std::uint32_t p = t < m.face_part.size() ? m.face_part[t] : kNone;
        const MeshPart part = p < m.parts.size() ? m.parts[p] : MeshPart();
        out.insert(out.end(), part.rgb.begin(), part.rgb.end());
        label_pair(&out, part.label, t < m.face_other.size() ? m.face_other[t] : 0.0f);
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
        // The attribute word stays 0, parts or not: a colour there is a vendor's (VisCAM and
        // Materialise disagree on its bits) that most readers ignore or misread.
        put(&out, std::uint16_t(0));
    }
    return out;
}

std::vector<std::uint8_t> obj(const WorldMesh& m) {
    std::vector<std::uint8_t> out;
    out.reserve(m.positions.size() * 80 + m.faces.size() * 12);
    put_text(&out, "# marching cubes on a histopyramid, welded by edge; world coordinates, mm, SPACE=LPS\n");
    put_text(&out, "# " + std::to_string(m.positions.size()) + " vertices, " + std::to_string(m.faces.size() / 3) +
                       " triangles\n");
    const auto triangles = part_triangles(m);  // no parts: empty
    for (std::size_t p = 0; p < triangles.size(); ++p)
        if (!triangles[p].empty()) put_text(&out, "# " + part_comment(m.parts[p]) + "\n");
    const auto line = [&out](const char* tag, const Vec3& v, int decimals) {
        put_text(&out, tag);
        for (double x : {v.x, v.y, v.z}) out.push_back(' '), put_fixed(&out, x, decimals);
        out.push_back('\n');
    };
    for (const Vec3& p : m.positions) line("v", p, 4);  // a tenth of a micrometre
    for (const Vec3& n : m.normals) line("vn", n, 5);
    if (!has_parts(m))
        for (std::size_t t = 0; t < m.faces.size() / 3; ++t) put_obj_face(&out, m, t);
    // A group a part, over the one list of vertices (a label's vertices are its own anyway).
    for (std::size_t p = 0; p < triangles.size(); ++p) {
        if (triangles[p].empty()) continue;
        put_text(&out, "g " + word(m.parts[p]) + "\n");
        for (std::uint32_t t : triangles[p]) put_obj_face(&out, m, t);
    }
    return out;
}

}  // namespace hp::mesh_file

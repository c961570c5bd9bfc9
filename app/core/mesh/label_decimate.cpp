#include "label_decimate.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "label_merge.h"
#include "mesh_process.h"
#include "meshoptimizer.h"

namespace hp {
namespace {

constexpr std::uint32_t kNoNode = 0xffffffffu;

// One label's copy of a union face: its part, the label on its other side, and whether its
// turn is the union face's.
struct Copy {
    std::uint32_t face, part;
    float other;
    bool same;
};

struct Sheet {
    std::vector<Copy> holders;              // part, other side and turn (against the sheet's)
    std::vector<std::uint32_t> node;        // local vertex → union node
    std::vector<std::uint32_t> faces, out;  // local indices: the sheet's triangles, after the simplifier
    std::vector<std::uint32_t> pins;        // triangles that hold the vertices on lines (pin_shared)
    std::vector<float> xyz;                 // the vertices', then the pins' own corners
    float scale = 0;
    double error_mm = 0;                    // the simplifier's errors, summed over the rounds
    std::size_t weight() const { return holders.size(); }  // label triangles a sheet triangle makes
    std::size_t before() const { return faces.size() / 3; }
    std::size_t after() const { return out.size() / 3; }
};

struct Union {
    std::vector<std::array<std::uint32_t, 3>> corners;  // a face of the union, as its first holder turns it
    std::vector<Copy> copies;                           // every label triangle, sorted by its union face
};

Union union_faces(const WorldMesh& m, const LabelNodes& n) {
    Union u;
    const std::vector<CornerKey> keys = triangles_by_corners(m, &n.of);
    const auto corners = [&](std::uint32_t t) {
        return std::array<std::uint32_t, 3>{n.of[m.faces[3 * t]], n.of[m.faces[3 * t + 1]], n.of[m.faces[3 * t + 2]]};
    };
    for (std::size_t i = 0; i < keys.size();) {
        std::size_t e = i + 1;
        while (e < keys.size() && keys[e].same_corners(keys[i])) ++e;
        if (keys[i].a == keys[i].b || keys[i].b == keys[i].c) {  // collapsed: dropped
            i = e;
            continue;
        }
        const std::uint32_t face = std::uint32_t(u.corners.size());
        const std::size_t begin = u.copies.size();
        for (std::size_t k = i; k < e; ++k) {
            const std::uint32_t t = keys[k].t;
            const auto c = corners(t);
            const auto& f = k == i ? c : u.corners.back();
            if (k == i) u.corners.push_back(c);
            // The same turn: c is a rotation of the first copy's corners.
            const bool same = (c[0] == f[0] && c[1] == f[1]) || (c[0] == f[1] && c[1] == f[2]) || (c[0] == f[2] && c[1] == f[0]);
            u.copies.push_back({face, m.face_part[t], t < m.face_other.size() ? m.face_other[t] : 0.0f, same});
        }
        // The holders in the order of their parts, the face turned as the first turns it: the
        // same interface then gives the same holders everywhere.
        std::sort(u.copies.begin() + std::ptrdiff_t(begin), u.copies.end(), [](const Copy& x, const Copy& y) {
            return x.part != y.part ? x.part < y.part : x.other < y.other;
        });
        if (!u.copies[begin].same) {
            std::swap(u.corners.back()[1], u.corners.back()[2]);
            for (std::size_t k = begin; k < u.copies.size(); ++k) u.copies[k].same = !u.copies[k].same;
        }
        i = e;
    }
    return u;
}

// The sheets: union faces grouped by their holders (each holder's part, other side and turn).
std::vector<Sheet> sheets_of(const Union& u, const LabelNodes& n) {
    std::map<std::string, std::uint32_t> by_holders;
    std::vector<Sheet> sheets;
    std::vector<std::uint32_t> local(n.at.size(), kNoNode);
    std::vector<std::vector<std::uint32_t>> faces_of;  // union faces a sheet
    for (std::size_t i = 0; i < u.copies.size();) {
        std::size_t e = i;
        while (e < u.copies.size() && u.copies[e].face == u.copies[i].face) ++e;
        std::string key;
        for (std::size_t k = i; k < e; ++k) {
            char bytes[9];
            std::memcpy(bytes, &u.copies[k].part, 4), std::memcpy(bytes + 4, &u.copies[k].other, 4);
            bytes[8] = char(u.copies[k].same);
            key.append(bytes, 9);
        }
        const auto [it, fresh] = by_holders.emplace(key, std::uint32_t(sheets.size()));
        if (fresh) {
            sheets.emplace_back().holders.assign(u.copies.begin() + std::ptrdiff_t(i), u.copies.begin() + std::ptrdiff_t(e));
            faces_of.emplace_back();
        }
        faces_of[it->second].push_back(u.copies[i].face);
        i = e;
    }
    for (std::size_t s = 0; s < sheets.size(); ++s) {
        Sheet& sheet = sheets[s];
        for (std::uint32_t f : faces_of[s])
            for (std::uint32_t c : u.corners[f]) {
                if (local[c] == kNoNode) {
                    local[c] = std::uint32_t(sheet.node.size());
                    sheet.node.push_back(c);
                    const Vec3& p = n.at[c];
                    sheet.xyz.insert(sheet.xyz.end(), {float(p.x), float(p.y), float(p.z)});
                }
                sheet.faces.push_back(local[c]);
            }
        for (std::uint32_t c : sheet.node) local[c] = kNoNode;
        sheet.scale = meshopt_simplifyScale(sheet.xyz.data(), sheet.node.size(), 12);
        sheet.out = sheet.faces;
    }
    return sheets;
}

// meshoptimizer 0.18 locks the vertices of a sheet's open edges, but a vertex on a line can be
// inside the sheet (where one label meets itself across an edge that another sheet also holds,
// or where sheets touch at a corner). Each vertex the sheet shares with another gets a pin: a
// triangle of it and two corners of the pin's own, whose open edges lock it. The pins are
// dropped from the result.
void pin_shared(Sheet* s, const std::vector<std::uint8_t>& shared) {
    const float step = s->scale > 0 ? s->scale * 1e-3f : 1e-3f;
    for (std::uint32_t v = 0; v < s->node.size(); ++v) {
        if (!shared[s->node[v]]) continue;
        const std::uint32_t a = std::uint32_t(s->xyz.size() / 3);
        const float x = s->xyz[3 * v], y = s->xyz[3 * v + 1], z = s->xyz[3 * v + 2];
        s->xyz.insert(s->xyz.end(), {x + step, y, z, x, y + step, z});
        s->pins.insert(s->pins.end(), {v, a, a + 1});
    }
}

// The sheet's triangles as they are now, to `target` if the error left to it allows.
void simplify(Sheet* s, std::size_t target, double max_error_mm) {
    std::vector<std::uint32_t> in = s->out;
    in.insert(in.end(), s->pins.begin(), s->pins.end());
    s->out.resize(in.size());
    float error = 0;
    const double left = std::max(0.0, max_error_mm - s->error_mm);
    const std::size_t n = meshopt_simplify(s->out.data(), in.data(), in.size(), s->xyz.data(), s->xyz.size() / 3, 12,
                                           3 * target + s->pins.size(), s->scale > 0 ? float(left / s->scale) : 0.0f,
                                           meshopt_SimplifyLockBorder, &error);
    const std::size_t real = s->node.size();  // the pins' corners come after the sheet's vertices
    std::size_t kept = 0;  // the pins go
    for (std::size_t t = 0; t < n; t += 3)
        if (s->out[t] < real && s->out[t + 1] < real && s->out[t + 2] < real)
            for (int k = 0; k < 3; ++k) s->out[kept++] = s->out[t + std::size_t(k)];
    s->out.resize(kept);
    s->error_mm += double(error) * double(s->scale);
}

// Every label's triangles from the sheets' results, label by label, each label's vertices its own.
void rebuild(const std::vector<Sheet>& sheets, const LabelNodes& n, WorldMesh* m) {
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> of_part(m->parts.size());  // (sheet, holder)
    for (std::uint32_t s = 0; s < sheets.size(); ++s)
        for (std::uint32_t h = 0; h < sheets[s].holders.size(); ++h)
            if (sheets[s].holders[h].part < of_part.size()) of_part[sheets[s].holders[h].part].push_back({s, h});
    WorldMesh out;
    out.parts = m->parts;
    std::vector<std::uint32_t> vertex(n.at.size(), kNoNode), touched;
    for (std::uint32_t p = 0; p < of_part.size(); ++p) {
        for (const auto& [s, h] : of_part[p]) {
            const Sheet& sheet = sheets[s];
            const Copy& c = sheet.holders[h];
            for (std::size_t t = 0; t < sheet.out.size(); t += 3) {
                for (int k = 0; k < 3; ++k) {
                    const std::uint32_t node = sheet.node[sheet.out[t + std::size_t(c.same ? k : 2 - k)]];
                    if (vertex[node] == kNoNode) {
                        vertex[node] = std::uint32_t(out.positions.size());
                        out.positions.push_back(n.at[node]);
                        touched.push_back(node);
                    }
                    out.faces.push_back(vertex[node]);
                }
                out.face_part.push_back(p);
                out.face_other.push_back(c.other);
            }
        }
        for (std::uint32_t node : touched) vertex[node] = kNoNode;
        touched.clear();
    }
    *m = std::move(out);
    face_normals_to_vertices(m);
}

}  // namespace

double decimate_labels(WorldMesh* m, std::uint32_t target_triangles, double max_error_mm) {
    if (m->triangles() <= target_triangles || m->face_part.size() != m->triangles()) return 0;
    const LabelNodes n = label_nodes(*m);
    std::vector<Sheet> sheets = sheets_of(union_faces(*m, n), n);
    std::vector<std::uint32_t> first(n.at.size(), kNoNode);
    std::vector<std::uint8_t> locked(n.at.size(), 0);
    for (std::uint32_t s = 0; s < sheets.size(); ++s)
        for (std::uint32_t c : sheets[s].node) {
            if (first[c] != kNoNode && first[c] != s) locked[c] = 1;
            first[c] = s;
        }
    for (Sheet& s : sheets) pin_shared(&s, locked);

    // Each sheet's share of the target; then what the sheets that could not shrink so far left
    // over goes to those that reached theirs, in rounds that go on from where they are.
    std::size_t total = 0;
    for (const Sheet& s : sheets) total += s.weight() * s.before();
    const double target = double(target_triangles);
    std::vector<double> share(sheets.size());
    for (std::size_t s = 0; s < sheets.size(); ++s) share[s] = double(sheets[s].before()) * target / double(total);
    std::vector<std::uint8_t> flexible(sheets.size(), 1);
    for (int round = 0; round < 4; ++round) {
        std::size_t now = 0, reached = 0;
        for (std::size_t s = 0; s < sheets.size(); ++s) {
            Sheet& sheet = sheets[s];
            if (flexible[s]) {
                const std::size_t goal = std::max<std::size_t>(1, std::size_t(share[s] + 0.5));
                const bool smaller = goal < sheet.after();
                if (smaller) simplify(&sheet, goal, max_error_mm);
                flexible[s] = smaller && sheet.after() <= goal;
            }
            now += sheet.weight() * sheet.after();
            if (flexible[s]) reached += sheet.weight() * sheet.after();
        }
        if (double(now) <= target * 1.01 || reached == 0) break;
        const double keep = std::max(0.0, (double(reached) - (double(now) - target)) / double(reached));
        for (std::size_t s = 0; s < sheets.size(); ++s)
            if (flexible[s]) share[s] = double(sheets[s].after()) * keep;
    }
    double error_mm = 0;
    for (const Sheet& s : sheets) error_mm = std::max(error_mm, s.error_mm);
    rebuild(sheets, n, m);
    merge_label_zero_area(m);  // a triangle of three points of one line (the simplifier leaves some)
    face_normals_to_vertices(m);
    return error_mm;
}

}  // namespace hp

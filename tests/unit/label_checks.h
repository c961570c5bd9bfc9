// For the label map tests (classify=labels): a label volume where three and four labels meet,
// and the interface check of a label map's meshes: each triangle
// keyed by its three corners' positions as a set (exact), with its label, the label on its other
// side (0: the background) and its turn.
//  - holders: a key is held by one triangle, or by two of two labels turned opposite ways (the
//    check the label tests made before the other side was carried: a crack passes it, as two
//    labels' faces that no longer meet are each held once);
//  - pairs: a triangle whose other side is the background is held once; one whose other side is
//    label O has its twin (the same corners, the other turn) in O's mesh, whose other side is
//    its own label. O not among `present` (a file of the shown labels only) is not looked for.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "mesh_export.h"
#include "world_mesh.h"

namespace hp::test {

using Dims = std::array<int, 3>;
inline std::size_t at(const Dims& d, int x, int y, int z) {
    return std::size_t(x) + std::size_t(d[0]) * (std::size_t(y) + std::size_t(d[1]) * std::size_t(z));
}

// Four labels meeting along one line and at single cells, a ball of a fifth inside, labels
// touching the volume's faces, and one voxel of a label alone.
inline std::vector<float> quadrants(const Dims& d) {
    std::vector<float> v(std::size_t(d[0]) * d[1] * d[2], 0.0f);
    for (int z = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x) {
                float l = 0;
                if (z >= 1 && z < d[2] - 1) l = float(1 + (x >= d[0] / 2) + 2 * (y >= d[1] / 2));  // 1..4
                if (z >= d[2] / 2 && x < 3) l = 0;                                                  // background cut in
                const double dx = x - 5.0, dy = y - 4.0, dz = z - 3.5;
                if (dx * dx + dy * dy + dz * dz < 4.0) l = 7;
                v[at(d, x, y, z)] = l;
            }
    v[at(d, d[0] - 2, d[1] - 2, d[2] - 1)] = 9;  // on the far face, alone
    return v;
}

struct LabelTri {
    std::array<std::array<double, 3>, 3> p;
    float label = 0, other = 0;
};

struct PairCheck {
    std::size_t alone = 0, shared = 0, background = 0;  // keys held once, twice; triangles facing the background
    std::vector<std::string> holders, pairs;           // what each check finds wrong (the first few)
    std::size_t holder_problems = 0, pair_problems = 0;
};

inline PairCheck check_pairs(const std::vector<LabelTri>& tris, const std::set<float>* present = nullptr) {
    using Key = std::array<std::array<double, 3>, 3>;
    std::map<Key, std::vector<std::pair<std::size_t, int>>> by_key;  // (triangle, turn)
    for (std::size_t i = 0; i < tris.size(); ++i) {
        Key k = tris[i].p;
        std::sort(k.begin(), k.end());
        int first = 0;
        while (tris[i].p[std::size_t(first)] != k[0]) ++first;
        by_key[k].push_back({i, tris[i].p[std::size_t((first + 1) % 3)] == k[1] ? 1 : -1});
    }
    PairCheck c;
    const auto say = [](std::vector<std::string>* out, std::size_t* n, const std::string& what) {
        if (++*n <= 5) out->push_back(what);
    };
    const auto text = [&](std::size_t i) {
        std::ostringstream s;
        s << "label " << tris[i].label << " (other side " << tris[i].other << ") at (" << tris[i].p[0][0] << ", "
          << tris[i].p[0][1] << ", " << tris[i].p[0][2] << ")";
        return s.str();
    };
    for (const auto& [k, h] : by_key) {
        if (h.size() == 1) ++c.alone;
        if (h.size() == 2) ++c.shared;
        if (h.size() > 2 || (h.size() == 2 && (tris[h[0].first].label == tris[h[1].first].label || h[0].second == h[1].second)))
            say(&c.holders, &c.holder_problems, text(h[0].first) + ": held by " + std::to_string(h.size()) +
                                                    " triangles, or twice by one label or one turn");
        for (const auto& [i, turn] : h) {
            const LabelTri& t = tris[i];
            c.background += t.other == 0;
            if (t.other == 0) {
                if (h.size() != 1) say(&c.pairs, &c.pair_problems, text(i) + ": faces the background but is shared");
                continue;
            }
            if (present && !present->count(t.other)) continue;
            const auto twin = std::find_if(h.begin(), h.end(), [&](const auto& o) {
                return tris[o.first].label == t.other && tris[o.first].other == t.label && o.second == -turn;
            });
            if (twin == h.end()) say(&c.pairs, &c.pair_problems, text(i) + ": no twin in the other label's mesh");
        }
    }
    return c;
}

// A label map's triangle soup (label_volume_mesh), a world mesh with parts (its steps' result)
// as the check's triangles.
inline std::vector<LabelTri> label_tris(const EdgeMesh& m) {
    std::vector<LabelTri> out;
    for (std::size_t k = 0; k + 2 < m.vertices(); k += 3) {
        LabelTri t;
        for (std::size_t i = 0; i < 3; ++i)
            for (std::size_t a = 0; a < 3; ++a) t.p[i][a] = m.positions[3 * (k + i) + a];
        t.label = m.labels[k], t.other = m.other_labels[k];
        out.push_back(t);
    }
    return out;
}
inline std::vector<LabelTri> label_tris(const WorldMesh& m) {
    std::vector<LabelTri> out;
    for (std::size_t t = 0; t < m.triangles(); ++t) {
        LabelTri x;
        for (std::size_t i = 0; i < 3; ++i) {
            const Vec3& p = m.positions[m.faces[3 * t + i]];
            x.p[i] = {p.x, p.y, p.z};
        }
        x.label = m.parts[m.face_part[t]].label, x.other = m.face_other[t];
        out.push_back(x);
    }
    return out;
}

}  // namespace hp::test

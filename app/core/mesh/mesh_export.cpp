#include "mesh_export.h"

#include <algorithm>
#include <unordered_map>

#include <cstring>

#include "label_nets.h"
#include "marching_cubes.h"
#include "mesh_files.h"
#include "reference_mesh.h"

namespace hp {
namespace {

// SplitMix64's finalizer: ids that differ in low bits spread over the table.
std::uint64_t mix64(std::uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
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

}  // namespace

constexpr std::uint64_t kNoId = ~std::uint64_t(0);  // no edge's or label vertex's id

std::uint32_t& Welder::slot(std::uint64_t id, bool* fresh) {
    if (2 * (held_ + 1) > ids_.size()) {  // grow: every id again in a table twice the size
        std::vector<std::uint64_t> ids(std::max<std::size_t>(1024, 2 * ids_.size()), kNoId);
        std::vector<std::uint32_t> vertex(ids.size());
        for (std::size_t i = 0; i < ids_.size(); ++i) {
            if (ids_[i] == kNoId) continue;
            std::size_t j = std::size_t(mix64(ids_[i])) & (ids.size() - 1);
            while (ids[j] != kNoId) j = (j + 1) & (ids.size() - 1);
            ids[j] = ids_[i], vertex[j] = vertex_[i];
        }
        ids_ = std::move(ids), vertex_ = std::move(vertex);
    }
    std::size_t j = std::size_t(mix64(id)) & (ids_.size() - 1);
    while (ids_[j] != kNoId && ids_[j] != id) j = (j + 1) & (ids_.size() - 1);
    *fresh = ids_[j] == kNoId;
    if (*fresh) ids_[j] = id, ++held_;
    return vertex_[j];
}

void Welder::add(const EdgeMesh& m) {
    const std::size_t whole = m.vertices() / 3 * 3;
    for (std::size_t k = 0; k < whole; ++k) {
        bool fresh = false;
        std::uint32_t& vertex = slot(m.edges[k], &fresh);
        if (fresh) vertex = std::uint32_t(mesh_.positions.size() / 3);
        mesh_.indices.push_back(vertex);
        if (!m.labels.empty() && k % 3 == 0) mesh_.face_labels.push_back(m.labels[k]);
        if (!m.other_labels.empty() && k % 3 == 0) mesh_.face_others.push_back(m.other_labels[k]);
        if (!fresh) continue;
        mesh_.positions.insert(mesh_.positions.end(), &m.positions[3 * k], &m.positions[3 * k] + 3);
        mesh_.normals.insert(mesh_.normals.end(), &m.normals[3 * k], &m.normals[3 * k] + 3);
    }
}

IndexedMesh Welder::take() {
    ids_ = std::vector<std::uint64_t>(), vertex_ = std::vector<std::uint32_t>(), held_ = 0;
    return std::move(mesh_);
}

WorldMesh to_world(const IndexedMesh& m, const std::array<double, 12>& w, const std::vector<MeshPart>& parts) {
    WorldMesh out;
    out.faces = m.indices;
    if (!m.face_labels.empty()) {
        out.parts = parts;
        std::unordered_map<float, std::uint32_t> part;
        for (std::size_t i = 0; i < out.parts.size(); ++i) part.emplace(out.parts[i].label, std::uint32_t(i));
        out.face_part.reserve(m.face_labels.size());
        for (float l : m.face_labels) {
            const auto [it, fresh] = part.emplace(l, std::uint32_t(out.parts.size()));
            if (fresh) out.parts.push_back({l, "label " + float_label(l), {200, 200, 200}});
            out.face_part.push_back(it->second);
        }
        out.face_other = m.face_others;
    }
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
        out.positions.push_back({w[0] * p[0] + w[1] * p[1] + w[2] * p[2] + w[3], w[4] * p[0] + w[5] * p[1] + w[6] * p[2] + w[7],
                                 w[8] * p[0] + w[9] * p[1] + w[10] * p[2] + w[11]});
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
            n = face_normal(out, t);
            if (length(n) == 0) n = {0, 0, 1};  // a face of no area: any unit vector
        }
    return out;
}


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

MeshField::MeshField(VoxelView v, const std::array<int, 3>& d, float level, bool capped)
    : values(v), dims(d), iso(level), closed(capped) {
    if (!closed) return;
    outside = iso;
    for (std::size_t i = 0, n = std::size_t(dims[0]) * std::size_t(dims[1]) * std::size_t(dims[2]); i < n; ++i)
        outside = std::min(outside, values[i]);
    outside -= 1;  // below every value and iso: outside the surface
}

EdgeMesh volume_mesh(const MeshField& f, int z0, int z1) {
    const int pad = f.closed ? 1 : 0;
    const std::array<int, 3>& dims = f.dims;
    const std::array<int, 3> g = f.grid();
    const VoxelView values = f.values;
    const float iso = f.iso, outside = f.outside;
    auto field = [&](int x, int y, int z) {
        x = std::clamp(x, 0, g[0] - 1), y = std::clamp(y, 0, g[1] - 1), z = std::clamp(z, 0, g[2] - 1);
        x -= pad, y -= pad, z -= pad;
        if (x < 0 || y < 0 || z < 0 || x >= dims[0] || y >= dims[1] || z >= dims[2]) return outside;
        if (f.cropped && !f.crop.contains(x, y, z)) return f.background;
        return values[std::size_t(x) + std::size_t(dims[0]) * (std::size_t(y) + std::size_t(dims[1]) * std::size_t(z))];
    };
    EdgeMesh m;
    z0 = std::max(z0, 0), z1 = std::min(z1, f.cell_layers());
    if (z0 >= z1) return m;
    // Each grid point read once: below[(z − z0)·X·Y + y·X + x] says whether it is below iso.
    const std::size_t gx = std::size_t(g[0]), layer = gx * std::size_t(g[1]);
    std::vector<std::uint8_t> below(layer * std::size_t(z1 - z0 + 1));
    std::size_t i = 0;
    for (int z = z0; z <= z1; ++z)
        for (int y = 0; y < g[1]; ++y)
            for (int x = 0; x < g[0]; ++x, ++i) below[i] = field(x, y, z) < iso;
    std::size_t corner[8];
    for (int i = 0; i < 8; ++i) {
        const Voxel& k = kCellCorners[std::size_t(i)];
        corner[i] = std::size_t(k.x) + gx * std::size_t(k.y) + layer * std::size_t(k.z);
    }
    // An edge's vertex is made once (cells share edges) and copied: made[d][(y·X + x)·3 + axis],
    // the vertex of the edge whose lower point is (x, y, z + d), or none.
    constexpr std::uint32_t kNone = 0xffffffffu;
    std::vector<std::uint32_t> made[2] = {std::vector<std::uint32_t>(layer * 3, kNone), std::vector<std::uint32_t>(layer * 3, kNone)};
    for (int z = z0; z < z1; ++z) {
        std::swap(made[0], made[1]);
        std::fill(made[1].begin(), made[1].end(), kNone);
        const std::uint8_t* at = below.data() + layer * std::size_t(z - z0);
        for (int y = 0; y + 1 < g[1]; ++y)
            for (int x = 0; x + 1 < g[0]; ++x) {
                const std::uint8_t* p = at + std::size_t(x) + gx * std::size_t(y);
                int c = 0;
                for (int i = 0; i < 8; ++i) c |= int(p[corner[i]]) << i;
                if (c == 0 || c == 255) continue;
                for (int j = 0; j < mc::vertex_count(c); ++j) {
                    const int e = mc::triangle_edge(c, j);
                    const CellEdge ce = cell_edge(e);
                    std::uint32_t& slot = made[ce.lower.z][(std::size_t(x + ce.lower.x) + gx * std::size_t(y + ce.lower.y)) * 3 +
                                                          std::size_t(ce.axis)];
                    float v[6];
                    if (slot == kNone) {
                        edge_vertex(field, {x, y, z}, e, iso, pad, v, v + 3);  // the reference mesh's vertex
                        slot = std::uint32_t(m.positions.size() / 3);
                    } else {
                        std::copy_n(&m.positions[3 * std::size_t(slot)], 3, v);
                        std::copy_n(&m.normals[3 * std::size_t(slot)], 3, v + 3);
                    }
                    m.positions.insert(m.positions.end(), v, v + 3);
                    m.normals.insert(m.normals.end(), v + 3, v + 6);
                    m.edges.push_back(edge_id(g, {x + ce.lower.x, y + ce.lower.y, z + ce.lower.z}, ce.axis));
                }
            }
    }
    return m;
}

EdgeMesh volume_mesh(const float* values, const std::array<int, 3>& dims, float iso, bool closed) {
    const MeshField f(values, dims, iso, closed);
    return volume_mesh(f, 0, f.cell_layers());
}

EdgeMesh label_volume_mesh(VoxelView values, const std::array<int, 3>& dims, int z0, int z1, const CropBox* crop) {
    const auto label = [&](int x, int y, int z) {
        if (x < 0 || y < 0 || z < 0 || x >= dims[0] || y >= dims[1] || z >= dims[2]) return 0.0f;
        if (crop && !crop->contains(x, y, z)) return 0.0f;
        return values[std::size_t(x) + std::size_t(dims[0]) * (std::size_t(y) + std::size_t(dims[1]) * std::size_t(z))];
    };
    const std::uint64_t cx = std::uint64_t(dims[0]) + 1, cy = std::uint64_t(dims[1]) + 1;  // cells −1 .. size−1
    EdgeMesh m;
    for (int z = std::max(z0, 0); z < std::min(z1, dims[2]); ++z)
        for (int y = 0; y < dims[1]; ++y)
            for (int x = 0; x < dims[0]; ++x) {
                const int mask = labels::faces(label, x, y, z);
                if (!mask) continue;
                const int v[3] = {x, y, z};
                const float l = label(x, y, z);
                std::uint32_t bits;
                std::memcpy(&bits, &l, 4);
                for (int j = 0; j < labels::vertex_count(mask); ++j) {
                    float p[3], n[3], other = 0;
                    int c[3];
                    labels::vertex(label, v, mask, l, j, p, n, c, &other);
                    m.positions.insert(m.positions.end(), p, p + 3);
                    m.normals.insert(m.normals.end(), n, n + 3);
                    const std::uint64_t cell = std::uint64_t(c[0] + 1) + cx * (std::uint64_t(c[1] + 1) + cy * std::uint64_t(c[2] + 1));
                    m.edges.push_back(cell << 32 | bits);
                    m.labels.push_back(l);
                    m.other_labels.push_back(other);
                }
            }
    return m;
}

std::vector<std::uint8_t> export_mesh(const EdgeMesh& mesh, MeshFile type, const std::array<double, 12>& to_world,
                                      std::string* error) {
    if (mesh.vertices() < 3) return *error = "no surface to export at this iso", std::vector<std::uint8_t>();
    if (mesh.vertices() >= 0xffffffffull)
        return *error = "the surface has more vertices than a file indexes (2^32)", std::vector<std::uint8_t>();
    Welder w;
    w.add(mesh);
    return export_mesh(w.take(), type, to_world, error);
}

std::vector<std::uint8_t> export_mesh(const IndexedMesh& mesh, MeshFile type, const std::array<double, 12>& world,
                                      std::string* error) {
    if (mesh.indices.size() < 3) return *error = "no surface to export at this iso", std::vector<std::uint8_t>();
    for (std::uint32_t i : mesh.indices)
        if (i >= mesh.vertices()) return *error = "an index past the mesh's vertices", std::vector<std::uint8_t>();
    return write_mesh(to_world(mesh, world), type, error);
}

std::vector<std::uint8_t> write_mesh(const WorldMesh& mesh, MeshFile type, std::string* error) {
    if (mesh.faces.size() < 3) return *error = "no surface to export", std::vector<std::uint8_t>();
    switch (type) {
        case MeshFile::Ply: return mesh_file::ply(mesh);
        case MeshFile::Stl: return mesh_file::stl(mesh);
        case MeshFile::Glb: return mesh_file::glb(mesh);
        case MeshFile::Obj: return mesh_file::obj(mesh);
        case MeshFile::ThreeMf: return mesh_file::three_mf(mesh, error);
    }
    return {};
}

}  // namespace hp

// The mesh files (app/core/mesh/mesh_export.h): welded by edge id (vertices = crossing edges),
// closed surfaces watertight and consistently oriented outward, world coordinates and units,
// each format's layout, and a label map's parts in each (mesh_files.h). Third-party readers
// check the files in tests/mesh/; HP_MESH_EXPORT_DIR=dir keeps this test's two-part files there
// for them.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <set>

#include "atlas_layout.h"
#include "mesh_export.h"
#include "mesh_files.h"
#include "reference_mesh.h"
#include "volume_atlas.h"
#include "volume_file.h"

namespace hp {
namespace {


std::vector<float> ball(const std::array<int, 3>& d, double cx, double cy, double cz, double r) {
    std::vector<float> v(std::size_t(d[0]) * std::size_t(d[1]) * std::size_t(d[2]));
    for (int z = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x)
                v[std::size_t(x + d[0] * (y + d[1] * z))] =
                    float(r - std::sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy) + (z - cz) * (z - cz)));
    return v;
}

// Grid edges with one end below iso and the other at or above it.
std::size_t crossing_edges(const std::vector<float>& v, const std::array<int, 3>& d, float iso) {
    auto at = [&](int x, int y, int z) { return v[std::size_t(x + d[0] * (y + d[1] * z))]; };
    std::size_t n = 0;
    for (int z = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x) {
                const bool in = at(x, y, z) < iso;
                if (x + 1 < d[0] && in != (at(x + 1, y, z) < iso)) ++n;
                if (y + 1 < d[1] && in != (at(x, y + 1, z) < iso)) ++n;
                if (z + 1 < d[2] && in != (at(x, y, z + 1) < iso)) ++n;
            }
    return n;
}

struct Ply {
    std::vector<float> xyz, normals;
    std::vector<std::uint32_t> faces;
};

Ply read_ply(const std::vector<std::uint8_t>& b) {
    const std::string text(b.begin(), b.end());
    const std::size_t end = text.find("end_header\n") + std::strlen("end_header\n");
    const std::size_t nv = std::stoul(text.substr(text.find("element vertex ") + 15));
    const std::size_t nf = std::stoul(text.substr(text.find("element face ") + 13));
    Ply p;
    const std::uint8_t* at = b.data() + end;
    for (std::size_t i = 0; i < nv; ++i, at += 24) {
        float f[6];
        std::memcpy(f, at, 24);
        p.xyz.insert(p.xyz.end(), f, f + 3);
        p.normals.insert(p.normals.end(), f + 3, f + 6);
    }
    for (std::size_t i = 0; i < nf; ++i, at += 13) {
        EXPECT_EQ(at[0], 3);
        std::uint32_t t[3];
        std::memcpy(t, at + 1, 12);
        p.faces.insert(p.faces.end(), t, t + 3);
    }
    EXPECT_EQ(std::size_t(at - b.data()), b.size());
    return p;
}

// Every undirected edge in exactly two faces, every directed edge in one (consistent
// orientation); returns the enclosed volume (positive: faces turn counter-clockwise outside).
double closed_volume(const Ply& p, std::string* problem) {
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> directed;
    for (std::size_t t = 0; t < p.faces.size(); t += 3)
        for (int k = 0; k < 3; ++k) ++directed[{p.faces[t + std::size_t(k)], p.faces[t + std::size_t((k + 1) % 3)]}];
    for (const auto& [e, n] : directed) {
        if (n != 1) return *problem = "directed edge used " + std::to_string(n) + " times", 0;
        if (!directed.count({e.second, e.first})) return *problem = "an edge of one face only (a hole)", 0;
    }
    double volume = 0;
    for (std::size_t t = 0; t < p.faces.size(); t += 3) {
        const float* a = &p.xyz[3 * p.faces[t]];
        const float* b = &p.xyz[3 * p.faces[t + 1]];
        const float* c = &p.xyz[3 * p.faces[t + 2]];
        volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
                   a[2] * (b[0] * c[1] - b[1] * c[0])) / 6.0;
    }
    return volume;
}

TEST(MeshExport, EdgeIdsOfTheGpusMeshFollowTheStream) {
    const std::array<int, 3> d{9, 7, 6};
    const std::vector<float> v = ball(d, 4, 3, 2.5, 2.7);
    const AtlasLayout l = layout_for_dims(d);
    Volume vol;
    vol.dims = d;
    vol.values = VoxelValues(v);
    const std::vector<float> atlas = volume_atlas(vol, l);
    const auto stream = reference_stream(l, atlas.data(), Classify::Surface, 0.0f);
    const std::vector<std::uint64_t> edges = stream_edges(stream, d);
    const MeshData mesh = reference_mesh(l, atlas.data(), 0.0f);
    ASSERT_EQ(edges.size(), mesh.vertices);
    // Each vertex lies on its edge: the edge's lower point and axis from its id.
    for (std::size_t k = 0; k < edges.size(); ++k) {
        const std::uint64_t id = edges[k], p = id / 3;
        const int axis = int(id % 3), x = int(p % 9), y = int(p / 9 % 7), z = int(p / 63);
        const float* q = &mesh.positions[3 * k];
        const int lower[3] = {x, y, z};
        for (int a = 0; a < 3; ++a) {
            if (a == axis) EXPECT_TRUE(q[a] >= float(lower[a]) && q[a] <= float(lower[a] + 1)) << k;
            else EXPECT_EQ(q[a], float(lower[a])) << k;
        }
    }
    EXPECT_EQ(std::set<std::uint64_t>(edges.begin(), edges.end()).size(), crossing_edges(v, d, 0.0f));
    EXPECT_EQ(edge_id(d, {8, 6, 5}, 2), 3u * (8 + 9 * (6 + 7 * 5)) + 2);
}

TEST(MeshExport, WeldedPlyHasAVertexPerCrossingEdgeAndIsClosedOutward) {
    const std::array<int, 3> d{12, 11, 10};
    const std::vector<float> v = ball(d, 5.5, 5.2, 4.6, 4.1);  // inside the volume
    const EdgeMesh m = volume_mesh(v.data(), d, 0.0f, false);
    std::string error;
    const Ply p = read_ply(export_mesh(m, MeshFile::Ply, kIdentityToWorld, &error));
    EXPECT_EQ(p.xyz.size() / 3, crossing_edges(v, d, 0.0f));
    EXPECT_EQ(p.faces.size(), m.vertices());
    std::string problem;
    const double volume = closed_volume(p, &problem);
    EXPECT_TRUE(problem.empty()) << problem;
    EXPECT_NEAR(volume, 4.0 / 3.0 * M_PI * 4.1 * 4.1 * 4.1, 0.05 * volume);
    // Vertex normals point out, as the faces do.
    for (std::size_t t = 0; t < p.faces.size(); t += 3) {
        const float* a = &p.xyz[3 * p.faces[t]];
        const float* n = &p.normals[3 * p.faces[t]];
        EXPECT_GT((a[0] - 5.5f) * n[0] + (a[1] - 5.2f) * n[1] + (a[2] - 4.6f) * n[2], 0.0f);
        EXPECT_NEAR(n[0] * n[0] + n[1] * n[1] + n[2] * n[2], 1.0f, 1e-5f);
    }
}

TEST(MeshExport, ClosedCapsASurfaceCutByTheFacesAndAMirroredFrameStaysOutward) {
    const std::array<int, 3> d{10, 9, 8};
    const std::vector<float> v = ball(d, 1.5, 4, 7.2, 5.0);  // cut by three faces
    std::string error, problem;
    const Ply open = read_ply(export_mesh(volume_mesh(v.data(), d, 0.0f, false), MeshFile::Ply, kIdentityToWorld, &error));
    closed_volume(open, &problem);
    EXPECT_FALSE(problem.empty()) << "an open surface has holes";
    const EdgeMesh m = volume_mesh(v.data(), d, 0.0f, true);
    problem.clear();
    const Ply closed = read_ply(export_mesh(m, MeshFile::Ply, kIdentityToWorld, &error));
    EXPECT_GT(closed_volume(closed, &problem), 0.0);
    EXPECT_TRUE(problem.empty()) << problem;
    for (float x : closed.xyz) EXPECT_TRUE(x >= -1.0f && x <= 10.0f);
    // NIfTI-like RAS from LPS: x and y flipped (det > 0) then only x (det < 0): still outward.
    for (const auto& w : {std::array<double, 12>{-2, 0, 0, 5, 0, -1, 0, 6, 0, 0, 3, 7},
                          std::array<double, 12>{-2, 0, 0, 5, 0, 1, 0, 6, 0, 0, 3, 7}}) {
        problem.clear();
        const Ply p = read_ply(export_mesh(m, MeshFile::Ply, w, &error));
        EXPECT_GT(closed_volume(p, &problem), 0.0);
        EXPECT_TRUE(problem.empty()) << problem;
        EXPECT_FLOAT_EQ(p.xyz[0], float(w[0] * closed.xyz[0] + w[3]));
    }
}

// Random fields at many seeds: the classic table's closed surfaces stay watertight and oriented.
TEST(MeshExport, RandomFieldsCloseWatertight) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1, 1);
    const std::array<int, 3> d{7, 6, 5};
    std::string error;
    int holes = 0;
    for (int seed = 0; seed < 200; ++seed) {
        std::vector<float> v(7 * 6 * 5);
        for (float& x : v) x = u(rng);
        const EdgeMesh m = volume_mesh(v.data(), d, 0.0f, true);
        if (m.vertices() == 0) continue;
        std::string problem;
        closed_volume(read_ply(export_mesh(m, MeshFile::Ply, kIdentityToWorld, &error)), &problem);
        holes += !problem.empty();
    }
    EXPECT_EQ(holes, 0) << "closed random fields with a hole or a flipped face";
}

TEST(MeshExport, StlAndGlbLayouts) {
    const std::array<int, 3> d{8, 8, 8};
    const std::vector<float> v = ball(d, 3.5, 3.5, 3.5, 2.5);
    const EdgeMesh m = volume_mesh(v.data(), d, 0.0f, false);
    std::string error;
    const auto stl = export_mesh(m, MeshFile::Stl, kIdentityToWorld, &error);
    ASSERT_EQ(stl.size(), 84 + 50 * (m.vertices() / 3));
    EXPECT_NE(std::string(stl.begin(), stl.begin() + 5), "solid");
    std::uint32_t n;
    std::memcpy(&n, &stl[80], 4);
    EXPECT_EQ(n, m.vertices() / 3);
    const auto glb = export_mesh(m, MeshFile::Glb, {1000, 0, 0, 0, 0, 1000, 0, 0, 0, 0, 1000, 0}, &error);
    std::uint32_t head[5];
    std::memcpy(head, glb.data(), 20);
    EXPECT_EQ(head[0], 0x46546C67u);
    EXPECT_EQ(head[1], 2u);
    EXPECT_EQ(head[2], glb.size());
    EXPECT_EQ(head[3] % 4, 0u);
    const std::string json(glb.begin() + 20, glb.begin() + 20 + head[3]);
    EXPECT_NE(json.find("\"POSITION\":0"), std::string::npos);
    EXPECT_NE(json.find("\"min\":[1.1"), std::string::npos) << json;  // 1000 mm a voxel: 1 m
    EXPECT_TRUE(export_mesh(EdgeMesh(), MeshFile::Ply, kIdentityToWorld, &error).empty());
    EXPECT_NE(error.find("no surface"), std::string::npos);
}

// A unit cube at o as part `part`: its own 8 vertices, 12 triangles counter-clockwise seen
// from outside.
void add_cube(WorldMesh* m, const Vec3& o, std::uint32_t part) {
    const auto first = std::uint32_t(m->positions.size());
    const Vec3 centre = o + Vec3{0.5, 0.5, 0.5};
    for (int i = 0; i < 8; ++i) {
        m->positions.push_back(o + Vec3{double(i & 1), double(i >> 1 & 1), double(i >> 2 & 1)});
        m->normals.push_back(unit(m->positions.back() - centre));
    }
    static const int kQuads[6][4] = {{0, 1, 3, 2}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 3, 7, 5}};
    for (const auto& q : kQuads)
        for (const std::array<int, 3>& t : {std::array<int, 3>{q[0], q[1], q[2]}, std::array<int, 3>{q[0], q[2], q[3]}}) {
            std::array<std::uint32_t, 3> f;
            for (std::size_t k = 0; k < 3; ++k) f[k] = first + std::uint32_t(t[k]);
            const Vec3 &a = m->positions[f[0]], &b = m->positions[f[1]], &c = m->positions[f[2]];
            if (dot(cross(b - a, c - a), a + b + c - centre * 3) < 0) std::swap(f[1], f[2]);
            m->faces.insert(m->faces.end(), f.begin(), f.end());
            m->face_part.push_back(part);
        }
}

// Two unit cubes sharing the face x = 1, as a label map's meshes are (each its own vertices),
// listed second first so that the parts' order is not the triangles'; a third part has none.
WorldMesh two_cubes() {
    WorldMesh m;
    m.parts = {{1, "left", {255, 0, 0}}, {2, "right side", {0, 128, 255}}, {3, "empty", {9, 9, 9}}};
    add_cube(&m, {1, 0, 0}, 1);
    add_cube(&m, {0, 0, 0}, 0);
    return m;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// For tests/mesh's readers (the glTF validator, three.js, VTK): HP_MESH_EXPORT_DIR=/tmp/x.
void keep(const std::vector<std::uint8_t>& bytes, const std::string& name) {
    const char* dir = std::getenv("HP_MESH_EXPORT_DIR");
    if (!dir) return;
    std::ofstream(std::string(dir) + "/" + name, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

TEST(MeshExport, TwoCubesAreClosedOutward) {  // the fixture the parts' tests stand on
    const WorldMesh m = two_cubes();
    double volume = 0;
    for (std::size_t t = 0; t < m.faces.size(); t += 3)
        volume += dot(m.positions[m.faces[t]], cross(m.positions[m.faces[t + 1]], m.positions[m.faces[t + 2]])) / 6;
    EXPECT_NEAR(volume, 2.0, 1e-12);
    EXPECT_EQ(m.triangles(), 24u);
}

TEST(MeshExport, GlbHasANodeMeshAndMaterialAPartEachWithItsOwnVertices) {
    const WorldMesh m = two_cubes();
    std::string error;
    const auto glb = write_mesh(m, MeshFile::Glb, &error);
    keep(glb, "two_cubes.glb");
    std::uint32_t head[5];
    std::memcpy(head, glb.data(), 20);
    ASSERT_EQ(head[2], glb.size());
    const std::string json(glb.begin() + 20, glb.begin() + 20 + head[3]);
    EXPECT_NE(json.find("\"scenes\":[{\"nodes\":[0,1]}]"), std::string::npos) << json;
    EXPECT_NE(json.find("\"nodes\":[{\"name\":\"left\",\"mesh\":0},{\"name\":\"right side\",\"mesh\":1}]"),
              std::string::npos) << json;
    EXPECT_EQ(json.find("empty"), std::string::npos) << "a part with no triangles is left out";
    EXPECT_NE(json.find("\"attributes\":{\"POSITION\":3,\"NORMAL\":4},\"indices\":5,\"material\":1"), std::string::npos);
    EXPECT_EQ(count(json, "\"pbrMetallicRoughness\""), 2u);
    // sRGB 128 is 0.2158605 linear; 255 and 0 stay 1 and 0.
    EXPECT_NE(json.find("\"name\":\"right side\",\"pbrMetallicRoughness\":{\"baseColorFactor\":[0,0.21586"),
              std::string::npos) << json;
    EXPECT_NE(json.find("\"metallicFactor\":0,\"roughnessFactor\":0.8}"), std::string::npos);
    EXPECT_EQ(count(json, "\"count\":8,\"type\":\"VEC3\""), 4u);  // positions and normals, 8 each
    EXPECT_EQ(count(json, "\"count\":36,\"type\":\"SCALAR\""), 2u);
    EXPECT_NE(json.find("\"min\":[0,0,0],\"max\":[0.00100000005,0.00100000005,0.00100000005]"), std::string::npos) << json;
    EXPECT_NE(json.find("\"min\":[0.00100000005,0,0],\"max\":[0.00200000009,0.00100000005,0.00100000005]"),
              std::string::npos);
    // The buffer read back through the views: each mesh's indices number its own 8 vertices.
    const std::uint8_t* bin = glb.data() + 20 + head[3] + 8;
    const std::regex view("\"byteOffset\":(\\d+),\"byteLength\":(\\d+)");
    std::vector<std::pair<std::size_t, std::size_t>> views;
    for (std::sregex_iterator i(json.begin(), json.end(), view), end; i != end; ++i)
        views.emplace_back(std::stoul((*i)[1]), std::stoul((*i)[2]));
    ASSERT_EQ(views.size(), 6u);
    for (std::size_t part = 0; part < 2; ++part) {
        const auto [offset, length] = views[3 * part + 2];
        ASSERT_EQ(length, 36u * 4);
        std::set<std::uint32_t> used;
        for (std::size_t k = 0; k < 36; ++k) {
            std::uint32_t i;
            std::memcpy(&i, bin + offset + 4 * k, 4);
            used.insert(i);
        }
        EXPECT_EQ(used, (std::set<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 7}));
        ASSERT_EQ(views[3 * part].second, 8u * 12);
        for (std::size_t v = 0; v < 8; ++v) {  // the part's own cube: x from 0 (left) or 1 mm (right)
            float x;
            std::memcpy(&x, bin + views[3 * part].first + 12 * v, 4);
            EXPECT_TRUE(x == 0.001f * float(part) || x == 0.001f * float(part + 1)) << x;
        }
    }
}

TEST(MeshExport, ObjHasOneVertexListThenAGroupAPart) {
    WorldMesh m = two_cubes();
    m.parts[1].name = "right side\t#2\\";
    m.parts[0].name = "Links \xc3\xa4u\xc3\x9f" "er";  // UTF-8 stays
    std::string error;
    const auto bytes = write_mesh(m, MeshFile::Obj, &error);
    keep(bytes, "two_cubes.obj");
    const std::string text(bytes.begin(), bytes.end());
    EXPECT_NE(text.find("# label 1 Links_\xc3\xa4u\xc3\x9f" "er rgb 255 0 0\n# label 2 right_side__2_ rgb 0 128 255\nv "),
              std::string::npos) << text;
    EXPECT_EQ(text.find("label 3"), std::string::npos);
    EXPECT_EQ(count(text, "\nv "), 16u);
    EXPECT_EQ(count(text, "\nvn "), 16u);
    const std::size_t left = text.find("\ng Links_\xc3\xa4u\xc3\x9f" "er\n"), right = text.find("\ng right_side__2_\n");
    ASSERT_NE(left, std::string::npos);
    ASSERT_NE(right, std::string::npos);
    EXPECT_LT(text.rfind("\nvn "), left);
    EXPECT_LT(left, right);
    EXPECT_EQ(count(text.substr(left, right - left), "\nf "), 12u);
    EXPECT_EQ(count(text.substr(right), "\nf "), 12u);
    // Global 1-based indices: part 0's cube was added second, its vertices 9..16.
    const std::string left_faces = text.substr(left, right - left);
    EXPECT_EQ(left_faces.find(" 1//1"), std::string::npos);
    EXPECT_NE(left_faces.find(" 9//9"), std::string::npos);
}

TEST(MeshExport, PlyColoursFacesByPartAndStlHoldsEveryTriangle) {
    const WorldMesh m = two_cubes();
    std::string error;
    const auto ply = write_mesh(m, MeshFile::Ply, &error);
    keep(ply, "two_cubes.ply");
    const std::string text(ply.begin(), ply.end());
    const std::size_t body = text.find("end_header\n") + 11;
    EXPECT_NE(text.find("comment label 2 right_side rgb 0 128 255\n"), std::string::npos);
    EXPECT_NE(text.find("vertex_indices\nproperty uchar red\nproperty uchar green\nproperty uchar blue\n"
                        "property int label\nproperty int other_label\nend_header"),
              std::string::npos);
    ASSERT_EQ(ply.size(), body + 16 * 24 + 24 * 24);  // a face: 3 indices, its colour, label and other side
    const std::uint8_t* first = &ply[body + 16 * 24];  // the first face: part 1's (label 2)
    EXPECT_EQ(std::vector<std::uint8_t>(first + 13, first + 24),
              (std::vector<std::uint8_t>{0, 128, 255, 2, 0, 0, 0, 0, 0, 0, 0}));
    const std::uint8_t* last = &ply[ply.size() - 24];
    EXPECT_EQ(std::vector<std::uint8_t>(last + 13, last + 16), (std::vector<std::uint8_t>{255, 0, 0}));
    const auto stl = write_mesh(m, MeshFile::Stl, &error);
    EXPECT_EQ(stl.size(), 84u + 50 * 24);
}

TEST(MeshExport, ShownPartsKeepTheirTrianglesAndOnlyTheVerticesTheseUse) {
    const WorldMesh m = two_cubes();
    const WorldMesh left = shown_parts(m, {1, 3});
    ASSERT_EQ(left.parts.size(), 2u);  // the shown parts, the empty one too, in their order
    EXPECT_EQ(left.parts[0].name, "left");
    EXPECT_EQ(left.parts[1].name, "empty");
    EXPECT_EQ(left.triangles(), 12u);
    EXPECT_EQ(left.face_part, std::vector<std::uint32_t>(12, 0));
    ASSERT_EQ(left.positions.size(), 8u);
    ASSERT_EQ(left.normals.size(), 8u);
    for (const Vec3& p : left.positions) EXPECT_LE(p.x, 1.0);  // the left cube's
    for (std::size_t t = 0; t < 12; ++t)  // the same triangles, in order, renumbered
        for (std::size_t k = 0; k < 3; ++k) {
            const Vec3 a = left.positions[left.faces[3 * t + k]], b = m.positions[m.faces[36 + 3 * t + k]];
            EXPECT_TRUE(a.x == b.x && a.y == b.y && a.z == b.z) << t;
        }
    EXPECT_EQ(shown_parts(m, {2, 1}).triangles(), 24u);
    EXPECT_EQ(shown_parts(m, {}).triangles(), 0u);
    WorldMesh one;  // a single surface is not a label's: whole
    add_cube(&one, {0, 0, 0}, 0);
    one.face_part.clear();
    EXPECT_EQ(shown_parts(one, {}).triangles(), 12u);
    std::string error;
    const auto glb = write_mesh(left, MeshFile::Glb, &error);
    EXPECT_EQ(count(std::string(glb.begin(), glb.end()), "\"pbrMetallicRoughness\""), 1u);
}

}  // namespace
}  // namespace hp

// The surface as a file another tool opens: PLY (binary little-endian), binary STL, glTF
// binary (.glb), Wavefront OBJ and 3MF. PLY, glb, OBJ and 3MF are welded: the vertex where a
// crossing edge meets the surface is one vertex, shared by every triangle that uses it, found by its global edge id (never by
// position); STL has no shared vertices by format. In world coordinates: millimetres in PLY and
// STL, metres in glb (glTF's unit); normals carried through the inverse transpose of the
// voxel → world map, unit length (a zero gradient gets its face's normal).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cpu_reference.h"
#include "crop_box.h"
#include "voxel_values.h"
#include "world_mesh.h"

namespace hp {

// A grid edge's global id: 3·(x + X·(y + Y·z)) + axis for the edge that leaves grid point
// (x, y, z) along axis 0 (x), 1 (y) or 2 (z), over a grid of X×Y×Z points.
std::uint64_t edge_id(const std::array<int, 3>& dims, Voxel lower, int axis);

// A triangle soup (three consecutive vertices a face) in voxel index units, with each vertex's
// global edge id. What the GPU extracts plus `edges`, or what volume_mesh makes.
struct EdgeMesh {
    std::vector<float> positions, normals;  // 3 floats a vertex
    std::vector<std::uint64_t> edges;       // one a vertex
    std::vector<float> labels;              // a label map's (label_volume_mesh): one a vertex
    std::vector<float> other_labels;        // ... and the label on its triangle's other side (0: background)
    std::size_t vertices() const { return edges.size(); }
};

// Each vertex's edge id for the mesh the GPU extracts from a surface stream: cells in stream
// order, a cell's vertices in the table's order for its case (entry.w). The ids are those of
// the X×Y×Z grid the stream's coordinates index.
std::vector<std::uint64_t> stream_edges(const std::vector<StreamEntry>& stream, const std::array<int, 3>& dims);

// Marching cubes on the CPU over values[x + X·(y + Y·z)] (the arithmetic of reference_mesh.h).
// closed: as if the volume were padded by one voxel of a value below every value and iso on
// each side, so a surface cut by the volume's faces is closed there; positions stay in the
// unpadded volume's voxel units (the pad's points at −1 and X), edge ids are the padded grid's.
struct MeshField {
    MeshField(VoxelView values, const std::array<int, 3>& dims, float iso, bool closed);
    VoxelView values;
    std::array<int, 3> dims;
    float iso;
    bool closed;
    float outside = 0;  // closed: the pad's value
    // The crop box (crop_box.h): voxels outside it read as `background`.
    bool cropped = false;
    CropBox crop;
    float background = 0;
    std::array<int, 3> grid() const {  // the grid of points the cells span (padded when closed)
        const int p = closed ? 2 : 0;
        return {dims[0] + p, dims[1] + p, dims[2] + p};
    }
    int cell_layers() const { return grid()[2] - 1; }
};
// The soup of the cells in layers z0 ≤ z < z1 (of the padded grid when closed), in order: a
// long surface is made a few layers at a time.
EdgeMesh volume_mesh(const MeshField& field, int z0, int z1);
EdgeMesh volume_mesh(const float* values, const std::array<int, 3>& dims, float iso, bool closed);
// A label map's meshes (classify=labels, label_nets.h) from the voxels in layers z0 ≤ z < z1,
// x fastest: each vertex's id is its dual cell's (over the grid of cells from −1 to the size on
// each axis) and its label's, so each label's mesh is welded on its own. crop: voxels outside
// it are the background (0).
EdgeMesh label_volume_mesh(VoxelView values, const std::array<int, 3>& dims, int z0, int z1,
                           const CropBox* crop = nullptr);

// Vertices and triangles as indices (three a triangle), in voxel index units: the soup welded
// by edge id, or what the WebGPU modes compute with vertices=shared (a vertex a crossing edge).
struct IndexedMesh {
    std::vector<float> positions, normals;  // 3 floats a vertex
    std::vector<std::uint32_t> indices;
    std::vector<float> face_labels;         // a label map's: one a triangle (else empty)
    std::vector<float> face_others;         // ... and the label on its other side (0: background)
    std::size_t vertices() const { return positions.size() / 3; }
};

// A soup welded by edge id, part by part: a vertex where an edge id first appears.
class Welder {
public:
    void add(const EdgeMesh& part);
    IndexedMesh take();
    std::size_t triangles() const { return mesh_.indices.size() / 3; }

private:
    // The vertex of each id so far: open addressing (linear probing, at most half full).
    std::uint32_t& slot(std::uint64_t id, bool* fresh);
    IndexedMesh mesh_;
    std::vector<std::uint64_t> ids_;
    std::vector<std::uint32_t> vertex_;
    std::size_t held_ = 0;
};

// An indexed mesh carried into world coordinates (mm): positions by to_world, normals by the
// inverse transpose of its 3×3 part, unit length (a zero gradient gets its face's normal); a
// mirrored frame turns the triangles back to counter-clockwise seen from outside.
// A label map's (face_labels): each triangle's part is its label's index in `parts`, its
// face_other its face_others'.
WorldMesh to_world(const IndexedMesh& mesh, const std::array<double, 12>& to_world,
                   const std::vector<MeshPart>& parts = {});

enum class MeshFile { Ply, Stl, Glb, Obj, ThreeMf };
inline constexpr std::array<const char*, 5> kMeshFileNames = {"ply", "stl", "glb", "obj", "3mf"};

// The file's bytes. to_world: voxel index → world (mm), row-major 3×4 (Volume::to_world).
// Returns an empty vector with *error set when the mesh cannot be written (no triangles, more
// vertices than the format indexes).
std::vector<std::uint8_t> export_mesh(const EdgeMesh& mesh, MeshFile type, const std::array<double, 12>& to_world,
                                      std::string* error);
// The same for a mesh already indexed (welded by edge id above); an index past its vertices
// is an error.
std::vector<std::uint8_t> export_mesh(const IndexedMesh& mesh, MeshFile type, const std::array<double, 12>& to_world,
                                      std::string* error);
// A world mesh's file (what the mesh steps made: mesh_process.h).
std::vector<std::uint8_t> write_mesh(const WorldMesh& mesh, MeshFile type, std::string* error);

}  // namespace hp

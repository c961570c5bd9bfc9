// The mesh a person prints or animates, made from the welded marching-cubes surface in world
// millimetres (world_mesh.h), in this order, each step optional:
//   1. pieces: keep all, the largest (by enclosed volume), or those enclosing at least a volume;
//   2. smooth: Taubin's λ|μ smoothing (λ = 0.5, μ = −0.53, uniform weights), which does not
//      shrink the surface as plain Laplacian smoothing does; border vertices stay;
//   3. decimate: meshoptimizer's simplifier (quadric error, topology kept, border locked) to a
//      target triangle count within an error bound; it may stop short (MeshReport says where);
//   4. always, after welding and after every step: no zero-area triangles (area < 1e-9 mm²),
//      removed by merging their vertices (the triangle's shortest edge collapsed) and dropping
//      what collapses with them, so a closed mesh stays closed; and an edge left held by more
//      than two triangles (the simplifier can fold two sheets onto one) is split
//      (split_nonmanifold_edges). keep_sound does both.
// Pieces are edge-connected (two triangles sharing an edge are one piece; admesh counts so).
// The report counts what a printer's slicer checks. Each step is a function; MeshSteps and
// run_mesh_steps chain them, and the page runs them a slice at a time (mesh_work.h).
// mesh_process.cpp holds the report and steps 1-3, mesh_sound.cpp step 4, label_steps.cpp a
// label map's; mesh_edges.h what they share.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "world_mesh.h"

namespace hp {

enum class Pieces { All, Largest, Above };
inline constexpr std::array<const char*, 3> kPiecesNames = {"all", "largest", "above"};

struct MeshSteps {
    Pieces pieces = Pieces::All;
    double min_piece_mm3 = 0;      // Above: the smallest enclosed volume kept
    int smooth = 0;                // Taubin iterations (each a λ and a μ pass); 0: none
    std::uint32_t decimate = 0;    // target triangles; 0: none
    double max_error_mm = 0.5;     // decimation's error bound
    bool any() const { return pieces != Pieces::All || smooth > 0 || decimate > 0; }
    bool operator==(const MeshSteps& o) const {
        return pieces == o.pieces && min_piece_mm3 == o.min_piece_mm3 && smooth == o.smooth &&
               decimate == o.decimate && max_error_mm == o.max_error_mm;
    }
};

struct MeshReport {
    std::size_t triangles = 0, vertices = 0, pieces = 0;
    std::size_t boundary_edges = 0;     // held by one triangle
    std::size_t nonmanifold_edges = 0;  // held by three or more
    std::size_t zero_area = 0;          // triangles of area < kZeroArea
    double volume_mm3 = 0;              // enclosed (signed, outward faces positive)
    double area_mm2 = 0;
};

// What the steps did, beside the report of their result.
struct StepsDone {
    std::size_t zero_area_merged = 0;  // triangles removed by merging their vertices (all rounds)
    std::size_t pieces_before = 0, pieces_kept = 0;
    std::size_t decimate_from = 0;     // triangles before decimation (0: not asked)
    double decimate_error_mm = 0;      // the error the simplifier reports, mm
    std::size_t vertices_split = 0;    // copies split_nonmanifold_edges made
};

inline constexpr double kZeroArea = 1e-9;  // mm²

MeshReport mesh_report(const WorldMesh& m);
// A label map's meshes (m.parts): each part's report, in the parts' order (a part with no
// triangle reports zeros). Its non-manifold edges are where the label's voxels meet only
// along an edge or at a corner.
std::vector<MeshReport> part_reports(const WorldMesh& m);
// The part's own mesh: its triangles (with their other sides, face_other) and the vertices they use.
WorldMesh part_mesh(const WorldMesh& m, const std::vector<std::uint32_t>& faces_of_part);

// Step 4: merges the vertices of every triangle under kZeroArea (its shortest edge, or all three
// where they coincide), drops the triangles that collapse and pairs of triangles that come to
// lie on each other with opposite turns; rounds until none is left. Returns the triangles
// removed.
std::size_t merge_zero_area(WorldMesh* m);
// Where a step left an edge held by three or more triangles (the simplifier can fold two sheets
// onto one edge), each vertex of it is split into one copy per fan of triangles joined by its
// other edges: the sheets then touch without sharing the edge. Returns the copies made.
std::size_t split_nonmanifold_edges(WorldMesh* m);
// Step 1. Returns how many pieces there were; *kept how many are left.
std::size_t keep_pieces(WorldMesh* m, Pieces which, double min_volume_mm3, std::size_t* kept);
// Step 2: `iterations` Taubin iterations. The neighbours are built once (SmoothNeighbours) so
// the app can run one iteration a slice.
struct SmoothNeighbours {
    std::vector<std::uint32_t> start, list;  // CSR: vertex v's neighbours list[start[v]..start[v+1])
    std::vector<std::uint8_t> fixed;         // on a border or a non-manifold edge: never moved
};
SmoothNeighbours smooth_neighbours(const WorldMesh& m);
void smooth_iteration(WorldMesh* m, const SmoothNeighbours& n);
// Step 3. Returns the simplifier's error in mm.
double decimate(WorldMesh* m, std::uint32_t target_triangles, double max_error_mm);
// Step 4, after welding and after each step: merge_zero_area, then split_nonmanifold_edges;
// counted in *done.
void keep_sound(WorldMesh* m, StepsDone* done);
// Drops the vertices no triangle uses; renumbers the rest in order.
void drop_unused_vertices(WorldMesh* m);
// Area-weighted vertex normals from the faces (after smoothing or decimation moved them).
void face_normals_to_vertices(WorldMesh* m);

// A label map's meshes (m.parts) keep their shared faces shared through the steps that allow it:
//  - pieces: each label's own pieces, kept as `which` says, label by label (dropping a piece of
//    one label leaves the others' meshes as they were, each still closed). Returns the pieces
//    there were, *kept those left (summed over the labels);
//  - smoothing: the labels' vertices that lie at one place move as one. LabelSmoothing holds the
//    meshes' union (a node a place, a triangle a face however many labels hold it), smoothed with
//    the Taubin iterations of any mesh (smooth_neighbours: an edge where three or more sheets
//    meet, where three labels or two and the background meet, stays fixed), and puts each node's
//    position back into every label's vertex there;
//  - decimation: each interface simplified once for the labels that share it, the lines where
//    labels meet kept (label_decimate.h).
std::size_t keep_label_pieces(WorldMesh* m, Pieces which, double min_volume_mm3, std::size_t* kept);
struct LabelSmoothing {
    WorldMesh nodes;                       // the union: positions a node, faces deduplicated
    std::vector<std::uint32_t> node_of;    // each vertex of the label meshes: its node
    SmoothNeighbours neighbours;
};
LabelSmoothing label_smoothing(const WorldMesh& m);
void label_smooth_iteration(LabelSmoothing* s);
void label_smoothing_back(const LabelSmoothing& s, WorldMesh* m);  // positions into *m, normals from its faces

// All of it at once (the tests and the benchmark's native rows; the app runs it in slices).
StepsDone run_mesh_steps(WorldMesh* m, const MeshSteps& steps);

}  // namespace hp

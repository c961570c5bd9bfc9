// The processed mesh (what the page's Save mesh writes, its processed view draws and
// hp.meshReport reports), made a slice at a time so the page keeps drawing: marching cubes a few layers of
// cells a slice, then the steps of mesh_process.h, one smoothing iteration a slice. The wasm
// build has no threads; each slice stops once it has used its budget (the decimation, one call
// into meshoptimizer, is one slice). The welded surface (before the steps) is kept, so a change
// of the steps alone does not run marching cubes again.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mesh_export.h"
#include "mesh_process.h"

namespace hp {

// What a processed mesh is made from: a volume's values (its own, or read back from the atlas)
// or a surface the GPU indexed itself, and the steps.
struct MeshInput {
    std::string surface_key;  // what the welded surface is of: equal keys, the same surface
    VoxelView values;               // x fastest; a loaded volume's own, in its stored type (valid
                                    // until the next load)
    std::vector<float> owned;       // or these (values points at them once started)
    std::array<int, 3> dims{};
    float iso = 0;
    bool closed = false;
    CropBox crop;          // voxels outside it read as `background` (crop_box.h); the whole volume
    float background = 0;  // when it holds dims
    // A label map (classify=labels): one closed mesh per label (label_nets.h), named and
    // coloured by `parts`. Its pieces are kept label by label and its smoothing moves the labels'
    // vertices at one place as one (mesh_process.h), and its zero-area triangles are merged in
    // the labels' union (label_merge.h), and it is decimated sheet by sheet (label_decimate.h),
    // so shared faces stay shared. The report is per label too.
    bool labels = false;
    std::vector<MeshPart> parts;
    IndexedMesh indexed;            // or this, where has_indexed
    bool has_indexed = false;
    std::array<double, 12> world{};  // voxel index → world (mm)
    MeshSteps steps;
};

struct MeshProgress {
    const char* task = nullptr;  // null: idle
    int done = 0, total = 0;
};

class MeshWork {
public:
    // Whether the mesh held (done) or being made is of this surface and these steps.
    bool has(const std::string& surface_key, const MeshSteps& steps) const;
    // Whether the welded surface kept (before the steps) is of this surface: a mesh of it needs
    // only its key, world and steps (nothing read back).
    bool has_surface(const std::string& surface_key) const { return !base_key_.empty() && base_key_ == surface_key; }
    // Begins making a mesh (dropping one under way). The welded surface is kept from the last
    // mesh where surface_key is the same. A GPU surface with an index past its vertices fails.
    void start(MeshInput in);
    // Works for up to budget_ms (at least one slice); true once the mesh is made.
    bool step(double budget_ms);
    bool done() const { return stage_ == Stage::Done; }
    bool busy() const { return stage_ != Stage::Done && stage_ != Stage::Idle && stage_ != Stage::Failed; }
    // The surface had more triangles than the page holds in memory twice (kMaxTriangles): why.
    const std::string& failed() const { return failed_; }
    static constexpr std::size_t kMaxTriangles = 8u << 20;
    // Forgets the values of a loaded volume about to be replaced (a mesh under way stops).
    void drop_values();

    const WorldMesh& mesh() const { return mesh_; }
    const MeshReport& report() const { return report_; }
    const std::vector<MeshReport>& part_reports() const { return part_reports_; }  // labels: a part each
    bool labels() const { return in_.labels; }
    const StepsDone& steps_done() const { return steps_done_; }
    const MeshSteps& steps() const { return in_.steps; }
    bool closed() const { return in_.closed; }
    double ms() const { return ms_; }  // what making the last mesh took, slices summed
    const std::array<double, 12>& world() const { return in_.world; }
    // Counts the meshes made: the processed view uploads when it changes.
    std::uint64_t revision() const { return revision_; }
    MeshProgress progress() const;

private:
    enum class Stage { Idle, Surface, Merge, Pieces, Smooth, Decimate, Finish, Done, Failed };
    void slice();

    MeshInput in_;
    Stage stage_ = Stage::Idle;
    std::string base_key_;    // the surface `base_` is of ("": none)
    WorldMesh base_;          // welded, in world mm, kept sound (keep_sound)
    StepsDone base_done_;     // what keep_sound did to it
    std::optional<MeshField> field_;  // Surface: the values marching cubes reads
    Welder welder_;
    int layer_ = 0, layers_ = 0, iteration_ = 0;
    SmoothNeighbours neighbours_;
    LabelSmoothing label_smoothing_;  // labels: the meshes' union while it is smoothed
    WorldMesh mesh_;
    MeshReport report_;
    std::vector<MeshReport> part_reports_;
    StepsDone steps_done_;
    double ms_ = 0;
    std::uint64_t revision_ = 0;
    std::string failed_;
};

}  // namespace hp

#include "mesh_work.h"

#include <algorithm>

#include "clock.h"
#include "label_decimate.h"
#include "label_merge.h"

namespace hp {
namespace {
constexpr int kLayersPerSlice = 4;  // marching cubes' cell layers between two looks at the clock
}

bool MeshWork::has(const std::string& surface_key, const MeshSteps& steps) const {
    return stage_ != Stage::Idle && in_.surface_key == surface_key && in_.steps == steps;
}

void MeshWork::start(MeshInput in) {
    in_ = std::move(in);
    if (!in_.owned.empty()) in_.values = in_.owned.data();
    ms_ = 0;
    failed_.clear();
    welder_ = Welder();
    steps_done_ = StepsDone();
    if (has_surface(in_.surface_key)) {
        stage_ = Stage::Pieces;  // the welded surface is the last one's
        steps_done_ = base_done_;
        mesh_ = base_;
        in_.owned = std::vector<float>(), in_.values = VoxelView(), in_.indexed = IndexedMesh();
        return;
    }
    base_key_.clear();
    base_ = WorldMesh();
    if (in_.has_indexed) {
        const std::size_t n = in_.indexed.vertices();
        const bool past = std::any_of(in_.indexed.indices.begin(), in_.indexed.indices.end(),
                                      [n](std::uint32_t i) { return i >= n; });
        if (past || in_.indexed.indices.size() / 3 > kMaxTriangles) {
            failed_ = past ? "an index past the mesh's vertices"
                           : "the surface has more than " + std::to_string(kMaxTriangles) +
                                 " triangles, more than the page processes";
            in_.indexed = IndexedMesh();
            stage_ = Stage::Failed;
            return;
        }
        base_ = to_world(in_.indexed, in_.world);
        in_.indexed = IndexedMesh();
        stage_ = Stage::Merge;
        return;
    }
    stage_ = Stage::Surface;
    layer_ = 0;
    if (in_.labels) {  // the voxels' layers; no field (the labels are the values)
        layers_ = in_.dims[2];
        return;
    }
    field_.emplace(in_.values, in_.dims, in_.iso, in_.closed);  // closed: one pass for the pad's value
    field_->cropped = !in_.crop.whole(in_.dims);
    field_->crop = in_.crop;
    field_->background = in_.background;
    layers_ = field_->cell_layers();
}

void MeshWork::drop_values() {
    if (stage_ == Stage::Surface) stage_ = Stage::Idle, base_key_.clear();
    field_.reset();
    in_.values = VoxelView();
    in_.owned = std::vector<float>();
}

bool MeshWork::step(double budget_ms) {
    if (!busy()) return done();
    const double t0 = now_ms();
    while (busy()) {
        slice();
        if (now_ms() - t0 >= budget_ms) break;
    }
    ms_ += now_ms() - t0;
    return done();
}

void MeshWork::slice() {
    switch (stage_) {
        case Stage::Surface: {
            const int end = std::min(layer_ + kLayersPerSlice, layers_);
            welder_.add(in_.labels ? label_volume_mesh(in_.values, in_.dims, layer_, end, &in_.crop)
                                   : volume_mesh(*field_, layer_, end));
            layer_ = end;
            if (welder_.triangles() > kMaxTriangles) {
                failed_ = "the surface has more than " + std::to_string(kMaxTriangles) +
                          " triangles, more than the page processes: a higher iso, or the volume downsampled";
                welder_ = Welder();
                field_.reset();
                in_.owned = std::vector<float>();
                stage_ = Stage::Failed;
                return;
            }
            if (layer_ < layers_) return;
            base_ = to_world(welder_.take(), in_.world, in_.parts);
            in_.owned = std::vector<float>();  // the values are not needed again
            field_.reset();
            stage_ = Stage::Merge;
            return;
        }
        case Stage::Merge:
            base_done_ = StepsDone();
            if (in_.labels)  // in the labels' union: a shared face stays shared (label_merge.h)
                base_done_.zero_area_merged += merge_label_zero_area(&base_);
            else
                keep_sound(&base_, &base_done_);
            base_key_ = in_.surface_key;
            steps_done_ = base_done_;
            mesh_ = base_;
            stage_ = Stage::Pieces;
            return;
        case Stage::Pieces:
            if (in_.labels) {  // per label, shared faces kept shared (mesh_process.h)
                if (in_.steps.pieces != Pieces::All)
                    steps_done_.pieces_before = keep_label_pieces(&mesh_, in_.steps.pieces, in_.steps.min_piece_mm3,
                                                                  &steps_done_.pieces_kept);
                iteration_ = 0;
                if (in_.steps.smooth > 0) label_smoothing_ = label_smoothing(mesh_);
                stage_ = Stage::Smooth;
                return;
            }
            if (in_.steps.pieces != Pieces::All)
                steps_done_.pieces_before =
                    keep_pieces(&mesh_, in_.steps.pieces, in_.steps.min_piece_mm3, &steps_done_.pieces_kept);
            iteration_ = 0;
            if (in_.steps.smooth > 0) neighbours_ = smooth_neighbours(mesh_);
            stage_ = Stage::Smooth;
            return;
        case Stage::Smooth:
            if (in_.labels) {
                if (iteration_ < in_.steps.smooth) {
                    label_smooth_iteration(&label_smoothing_);
                    if (++iteration_ < in_.steps.smooth) return;
                    label_smoothing_back(label_smoothing_, &mesh_);
                    steps_done_.zero_area_merged += merge_label_zero_area(&mesh_);
                }
                label_smoothing_ = LabelSmoothing();
                stage_ = Stage::Decimate;
                return;
            }
            if (iteration_ < in_.steps.smooth) {
                smooth_iteration(&mesh_, neighbours_);
                if (++iteration_ < in_.steps.smooth) return;
                keep_sound(&mesh_, &steps_done_);
            }
            neighbours_ = SmoothNeighbours();
            stage_ = Stage::Decimate;
            return;
        case Stage::Decimate:
            if (in_.steps.decimate > 0 && mesh_.triangles() > in_.steps.decimate) {
                steps_done_.decimate_from = mesh_.triangles();
                if (in_.labels)  // sheet by sheet, the lines where labels meet kept (label_decimate.h)
                    steps_done_.decimate_error_mm = decimate_labels(&mesh_, in_.steps.decimate, in_.steps.max_error_mm);
                else
                    steps_done_.decimate_error_mm = decimate(&mesh_, in_.steps.decimate, in_.steps.max_error_mm),
                    keep_sound(&mesh_, &steps_done_);
            }
            stage_ = Stage::Finish;
            return;
        case Stage::Finish:
            if (in_.steps.smooth > 0 || steps_done_.decimate_from > 0) face_normals_to_vertices(&mesh_);
            report_ = mesh_report(mesh_);
            part_reports_ = in_.labels ? hp::part_reports(mesh_) : std::vector<MeshReport>();
            ++revision_;
            stage_ = Stage::Done;
            return;
        case Stage::Idle:
        case Stage::Done:
        case Stage::Failed: return;
    }
}

MeshProgress MeshWork::progress() const {
    if (!busy()) return {};
    // Units: a cell layer each, then one a step and one a smoothing iteration.
    const int smooth = in_.steps.smooth, surface = in_.has_indexed ? 0 : layers_;
    const int total = surface + 4 + smooth;
    switch (stage_) {
        case Stage::Surface: return {in_.labels ? "mesh: label surfaces" : "mesh: marching cubes", layer_, total};
        case Stage::Merge: return {"mesh: zero-area triangles", surface, total};
        case Stage::Pieces: return {"mesh: pieces", surface + 1, total};
        case Stage::Smooth: return {"mesh: smoothing", surface + 2 + iteration_, total};
        case Stage::Decimate: return {"mesh: decimating", surface + 2 + smooth, total};
        default: return {"mesh: report", surface + 3 + smooth, total};
    }
}

}  // namespace hp

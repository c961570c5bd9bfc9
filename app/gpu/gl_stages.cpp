#include "gl_stages.h"

#include <algorithm>

#include "classify_count_pass.h"
#include "classify_pass.h"
#include "mesh_count_pass.h"
#include "mesh_extract_pass.h"
#include "source_pass.h"

namespace hp {

namespace {

bool async(const FrameSettings& s) { return s.readback == Readback::Async; }

// A stage that owns one pass (a FullscreenPass, say), built and abandoned with the stage.
template <typename P>
class StageOf : public GlStage {
public:
    bool init(GlFrame&, std::string* error) override { return pass_.init(error); }
    void abandon() override { pass_.abandon(); }

protected:
    P pass_;
};

// Each stage names the file of the pass it runs.
// source_pass.h (a loaded PNG is uploaded instead: VolumeStages::upload)
class SourceStage : public StageOf<SourcePass> {
    Pass pass() const override { return Pass::Source; }
    void run(GlFrame& f, const FrameSettings& s, FrameResult*) override { pass_.run(f.volume, s.source, s.time); }
};

// classify_pass.h; in frames that draw the surface, classify_count_pass.h writes the vertex
// counts too.
class ClassifyStage : public StageOf<ClassifyPass> {
    Pass pass() const override { return Pass::Classify; }
    bool init(GlFrame&, std::string* error) override { return pass_.init(error) && fused_.init(error); }
    void abandon() override { pass_.abandon(), fused_.abandon(); }
    void run(GlFrame& f, const FrameSettings& s, FrameResult*) override {
        if (s.mesh && s.fused_count) fused_.run(f.volume, f.mesh);
        else pass_.run(f.volume);
    }
    ClassifyCountPass fused_;
};

// reduce_pass.h (the baseline: baseline_pyramid.h)
class ReduceStage : public GlStage {
    Pass pass() const override { return Pass::Reduce; }
    void run(GlFrame& f, const FrameSettings&, FrameResult*) override { f.compactor->reduce(f.volume.base()); }
};

// count_readback.h: the count, read in one of three ways. Async: the newest count that had
// arrived when the frame began (asked for before this frame's work is issued: in a browser
// the read is a round trip to the GPU process, answered once that process has issued
// everything sent before it; asked after the reduction, it would wait for this frame's
// passes). The baseline has no non-blocking read: it reads sync.
class CountStage : public GlStage {
    Pass pass() const override { return Pass::Count; }
    static bool nonblocking(const GlFrame& f, const FrameSettings& s) {
        return async(s) && f.compactor->async_count_supported();
    }
    void begin(GlFrame& f, const FrameSettings& s) override {
        f.cell_known = nonblocking(f, s) && f.compactor->newest_count(&f.cell_newest, &f.cell_age);
    }
    void run(GlFrame& f, const FrameSettings& s, FrameResult* r) override {
        if (nonblocking(f, s)) {
            f.compactor->request_count();
            // With no count known yet, the keys the stream holds now: it grows with the counts
            // that arrive, not to size² at the first frame (4 GiB at 16384²).
            const std::uint64_t all = f.cell_known ? std::uint64_t(f.compactor->size()) * std::uint64_t(f.compactor->size())
                                                   : f.compactor->stream_capacity();
            r->count = f.cell_known ? f.cell_newest : 0;
            r->count_age = f.cell_known ? f.cell_age : 0;
            r->keys_drawn = f.cell_limit.limit(f.cell_known, r->count, all);
        } else if (s.readback == Readback::Expected) {
            r->count = s.expected;
            r->keys_drawn = s.expected;
        } else {
            r->count = f.compactor->read_count();
            r->count_read = true;
            r->keys_drawn = r->count;
        }
    }
};

// traverse_pass.h
class TraverseStage : public GlStage {
    Pass pass() const override { return Pass::Traverse; }
    void run(GlFrame& f, const FrameSettings&, FrameResult* r) override {
        f.compactor->traverse(f.volume.base(), r->keys_drawn);
    }
};

// The surface's stages: only in frames that ask for the mesh.
class MeshStage : public GlStage {
    bool wanted(const FrameSettings& s) const override { return s.mesh; }
};

// mesh_count_pass.h: the vertex counts in a pass of their own (when the classification did not write them).
class MeshCountStage : public StageOf<MeshCountPass> {
    Pass pass() const override { return Pass::MeshCount; }
    bool wanted(const FrameSettings& s) const override { return s.mesh && !s.fused_count; }
    void run(GlFrame& f, const FrameSettings&, FrameResult*) override { pass_.run(f.mesh); }
};

// surface_mesh.h: the pyramid over the vertex counts, and the vertex total read the way the cell count is
// (the baseline's forced sync aside: the mesh's pyramid has a non-blocking read).
class MeshReduceStage : public MeshStage {
    Pass pass() const override { return Pass::MeshReduce; }
    void begin(GlFrame& f, const FrameSettings& s) override {
        f.vertices_known = async(s) && f.mesh.newest_total(&f.vertices_newest, &f.vertices_age);
    }
    void run(GlFrame& f, const FrameSettings& s, FrameResult* r) override {
        r->mesh = true;
        f.mesh.reduce();
        if (async(s)) {
            f.mesh.request_total();
            r->vertices = f.vertices_known ? f.vertices_newest : 0;
            r->vertex_keys_drawn = f.vertex_limit.limit(f.vertices_known, r->vertices,
                                                        f.vertices_known ? f.mesh.capacity() : f.mesh.stream_capacity());
        } else if (s.readback == Readback::Expected) {
            // No total is read: the expected cells have at most 15 vertices each (a label
            // map's voxels 36).
            const std::uint64_t most = s.classify == Classify::Labels ? 36 : 15;
            r->vertex_keys_drawn = std::uint32_t(std::min<std::uint64_t>(f.mesh.capacity(), most * s.expected));
        } else {
            r->vertices = f.mesh.read_total();
            r->vertices_read = true;
            r->vertex_keys_drawn = r->vertices;
        }
    }
};

// mesh_extract_pass.h: positions and normals into textures: the fragment route's draw and the export read them
// (the vertex route's draw walks the pyramid itself and needs none).
class MeshExtractStage : public MeshStage {
    Pass pass() const override { return Pass::MeshExtract; }
    bool wanted(const FrameSettings& s) const override { return s.mesh && s.extract; }
    void run(GlFrame& f, const FrameSettings&, FrameResult* r) override {
        r->extracted = true;
        MeshExtractPass::run(f.mesh, r->vertex_keys_drawn);
    }
};

template <typename... Stages>
std::vector<std::unique_ptr<GlStage>> list_of() {
    std::vector<std::unique_ptr<GlStage>> list;
    (list.push_back(std::make_unique<Stages>()), ...);
    return list;
}

}  // namespace

std::vector<std::unique_ptr<GlStage>> gl_stage_list() {
    return list_of<SourceStage, ClassifyStage, ReduceStage, CountStage, TraverseStage, MeshCountStage,
                   MeshReduceStage, MeshExtractStage>();
}

}  // namespace hp

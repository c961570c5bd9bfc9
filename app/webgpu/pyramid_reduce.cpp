// classify and reduce (webgpu-pyramid): the histopyramid's levels by compute reduction, every
// level a 4-to-1 sum of the one below, up to five levels a dispatch (PyramidPlan). The plan's
// first dispatch classifies as it reduces (shaders/pyramid_classify.wgsl: the base and levels
// 1-5 from the atlas), timed as classify; the rest read the level below
// (shaders/pyramid_reduce.wgsl), timed as reduce.
#include <algorithm>
#include <array>

#include "compaction_stages.h"

namespace hp::wgpu {

namespace {

class PyramidLevelsStage : public Stage {
public:
    // The plan's dispatches [first, last) of kernel `file`; `binds` are
    // what the dispatches share (the Reduce uniform goes in at "r"). `share`: the part of each
    // dispatch's workgroups that runs (1/2: the first half of the Morton order).
    PyramidLevelsStage(Pass pass, const PyramidPlan& plan, std::size_t first, std::size_t last,
                       const char* file, const std::vector<Bind>& binds, std::string* error,
                       std::uint32_t share = 1)
        : pass_(pass), pipeline_(pipeline(file, error)) {
        for (std::size_t i = first; i < last && pipeline_; ++i) {
            const PyramidPlan::Dispatch& d = plan.dispatches[i];
            ReduceUniform u{d.n_out, d.levels, d.from_base, d.src, {}};
            std::copy(d.dst.begin(), d.dst.end(), u.dst);
            uniforms_.push_back(uniform_of(u, "reduce"));
            std::vector<Bind> b = binds;
            b.push_back({"r", uniforms_.back()});
            groups_.push_back(group(pipeline_, b, error));
            std::array<int, 2> xy{};
            groups_grid((d.workgroups + share - 1) / share, &xy[0], &xy[1]);
            workgroups_.push_back(xy);
        }
    }
    Pass pass() const override { return pass_; }
    void record(const FrameSettings&) const override {
        for (std::size_t i = 0; i < groups_.size(); ++i)
            dispatch(pipeline_.object(), groups_[i], workgroups_[i][0], workgroups_[i][1]);
    }

private:
    Pass pass_;
    Pipeline pipeline_;
    std::vector<Buffer> uniforms_;  // a dispatch's levels
    std::vector<BindGroup> groups_;
    std::vector<std::array<int, 2>> workgroups_;  // a dispatch's grid (groups_grid)
};

}  // namespace

// A volume whose rows fill at most the top half of the atlas (128³ in 2048², 512³ in 16384²)
// has all its texels in the first half of the Morton order (a texel's y has the index's top
// bit): only that half is classified. The rest of the base and of levels 1-5 stays as the
// buffers were made, zero, and their sums count nothing.
std::unique_ptr<Stage> pyramid_classify_stage(const FrameBuffers& f, const PyramidPlan& plan, BufferRef base,
                                              BufferRef levels, std::string* error) {
    const std::uint32_t share = 2 * f.layout.volume_rows() <= f.layout.atlas && f.layout.atlas >= 64 ? 2 : 1;
    return std::make_unique<PyramidLevelsStage>(
        Pass::Classify, plan, 0, 1, "pyramid_classify.wgsl",
        std::vector<Bind>{{"u", f.volume}, {"atlas", f.atlas}, {"levels", levels}, {"base", base}}, error, share);
}

std::unique_ptr<Stage> pyramid_reduce_stage(const PyramidPlan& plan, BufferRef base, BufferRef levels,
                                            std::string* error) {
    return std::make_unique<PyramidLevelsStage>(
        Pass::Reduce, plan, 1, plan.dispatches.size(), "pyramid_reduce.wgsl",
        std::vector<Bind>{{"base", base}, {"levels", levels}}, error);
}

}  // namespace hp::wgpu

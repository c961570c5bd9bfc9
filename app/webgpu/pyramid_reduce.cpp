// reduce (webgpu-pyramid): the histopyramid's levels by compute reduction, every level a 4-to-1
// sum of the one below, up to five levels a dispatch (PyramidPlan; shaders/pyramid_reduce.wgsl).
#include <algorithm>
#include <array>

#include "compaction_stages.h"

namespace hp::wgpu {

namespace {

class PyramidReduceStage : public Stage {
public:
    PyramidReduceStage(const PyramidPlan& plan, BufferRef base, BufferRef levels, std::string* error) {
        pipeline_ = pipeline({"groups.wgsl", "pyramid_reduce.wgsl"},
                             {{"r", kUniformBinding, sizeof(ReduceUniform)}, {"base", kRead}, {"levels", kWrite}}, error);
        for (const PyramidPlan::Dispatch& d : plan.dispatches) {
            ReduceUniform u{d.n_out, d.levels, d.from_base, d.src, {}};
            std::copy(d.dst.begin(), d.dst.end(), u.dst);
            uniforms_.push_back(uniform_of(u, "reduce"));
            groups_.push_back(group(pipeline_, {{"r", uniforms_.back()}, {"base", base}, {"levels", levels}}, error));
            std::array<int, 2> xy{};
            groups_grid(d.workgroups, &xy[0], &xy[1]);
            workgroups_.push_back(xy);
        }
    }
    Pass pass() const override { return Pass::Reduce; }
    void record(const FrameSettings&) const override {
        for (std::size_t i = 0; i < groups_.size(); ++i)
            dispatch(pipeline_.object(), groups_[i], workgroups_[i][0], workgroups_[i][1]);
    }

private:
    Pipeline pipeline_;
    std::vector<Buffer> uniforms_;  // a dispatch's levels
    std::vector<BindGroup> groups_;
    std::vector<std::array<int, 2>> workgroups_;  // a dispatch's grid (groups_grid)
};

}  // namespace

std::unique_ptr<Stage> pyramid_reduce_stage(const PyramidPlan& plan, BufferRef base, BufferRef levels,
                                            std::string* error) {
    return std::make_unique<PyramidReduceStage>(plan, base, levels, error);
}

}  // namespace hp::wgpu

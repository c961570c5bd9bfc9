// source: the procedural volume (metaballs, sphere, noise) evaluated into the atlas, one
// invocation a texel (shaders/volume_source.wgsl, the source's own chunk chosen for its
// `{source}`).
#include "compaction_stages.h"

namespace hp::wgpu {

namespace {

class SourceStage : public Stage {
public:
    SourceStage(const FrameBuffers& f, std::string* error) : tiles_((f.layout.atlas + 15) / 16) {
        const char* sources[3] = {"source_metaballs.wgsl", "source_sphere.wgsl", "source_noise.wgsl"};
        for (int i = 0; i < 3; ++i)
            kernels_[i] = kernel("volume_source.wgsl", {{"u", f.volume}, {"atlas", f.atlas}}, error,
                                 {{"source", sources[i]}});
    }
    Pass pass() const override { return Pass::Source; }
    void record(const FrameSettings& s) const override {
        if (is_procedural(s.source)) kernels_[int(s.source)].dispatch(tiles_, tiles_);
    }

private:
    Kernel kernels_[3];  // by Source
    int tiles_;          // 16×16 texels a workgroup
};

}  // namespace

std::unique_ptr<Stage> volume_source_stage(const FrameBuffers& f, std::string* error) {
    return std::make_unique<SourceStage>(f, error);
}

}  // namespace hp::wgpu

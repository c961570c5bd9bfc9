#include "classify_count_pass.h"

#include "surface_mesh.h"
#include "volume_stages.h"

namespace hp {

void ClassifyCountPass::run(const VolumeStages& volume, const SurfaceMesh& mesh) {
    const gl::Texture& counts = mesh.counts();
    if (!target_ || target_base_ != volume.base().id()) {
        target_ = gl::color_targets({&volume.base(), &counts});
        target_base_ = volume.base().id();
    }
    mesh.tables().bind();
    begin(target_, counts.width(), counts.height());
    // Only the volume's rows hold cells; the rest of both targets stays zero.
    volume.draw_volume_rows();  // counts is the atlas's size
}

}  // namespace hp

#include "classify_pass.h"

#include "volume_stages.h"

namespace hp {

void ClassifyPass::run(const VolumeStages& volume) const {
    begin(volume.base_target(), volume.layout().atlas, volume.layout().atlas);
    // Only the volume's rows can be active; the rest of the base stays zero.
    volume.draw_volume_rows();
}

}  // namespace hp

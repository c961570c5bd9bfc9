#include "volume_compaction.h"

namespace hp {

bool VolumeCompaction::init(const AtlasLayout& layout, PyramidLayout pyramid, std::string* error) {
    if (!volume_.init(layout, error)) return false;
    HistoPyramidDesc desc;
    desc.size = layout.atlas;
    desc.layout = pyramid;
    desc.emit = {"volume.glsl", "emit_voxel.glsl"};
    return pyramid_.init(desc, error);
}

void VolumeCompaction::abandon() {
    volume_.abandon();
    pyramid_.abandon();
}

FrameResult VolumeCompaction::run(const FrameSettings& s) {
    volume_.evaluate(s.source, s.time);
    volume_.classify(s.classify, s.iso);
    pyramid_.reduce(volume_.base());
    FrameResult r;
    if (s.readback == Readback::Sync) {
        r.count = pyramid_.read_count();
        r.count_read = true;
    } else {
        r.count = s.expected;
    }
    volume_.bind_volume(pyramid_.traversal_program(), s.classify, s.iso);
    pyramid_.traverse(volume_.base(), r.count);
    return r;
}

}  // namespace hp

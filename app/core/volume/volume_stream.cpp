// A volume file read a part at a time (volume_stream.h): the plan from its header.
#include "volume_stream.h"

namespace hp {

bool plan_stream(const std::uint8_t* head, std::size_t size, std::uint64_t file_size, const VolumeOptions& o,
                 VolumeStream* out, bool* streams, std::string* error) {
    using namespace volume;
    *streams = false;
    VolumeHeader h;
    std::vector<std::uint8_t> unzipped;
    if (!read_header(head, size, file_size, o, false, &h, &unzipped, error)) return false;
    if (!unzipped.empty() || h.encoding != Encoding::Raw || o.downsample != 1) return true;  // read whole
    if (h.offset > file_size) return *error = "the file ends before its data starts", false;
    if (!data_fits(h, file_size - h.offset, error)) return false;
    VolumeStream s;
    s.header = h;
    s.meta = describe(h, o);
    const Stored kept = stored_kind(h);
    s.meta.values = VoxelValues(kept, 0, {h.slope, h.intercept});  // float32 ignores the scaling
    s.offset = h.offset;
    s.count = std::uint64_t(h.dims[0]) * std::uint64_t(h.dims[1]) * std::uint64_t(h.dims[2]);
    s.file_size = type_size(h.type);
    s.kept_size = stored_size(kept);
    *out = std::move(s);
    *streams = true;
    return true;
}

}  // namespace hp

// A volume file read a part at a time (volume_stream.h): the plan from its header, and what a
// part and the whole file (volume_decode.cpp's decode()) share: the data's size checked, values
// decoded into the stored type.
#include "volume_stream.h"

#include <cstring>

namespace hp {
namespace volume {

bool data_fits(const VolumeHeader& h, std::uint64_t available, std::string* error) {
    const std::uint64_t bytes = data_bytes(h);
    if (available >= bytes) return true;
    *error = "the file holds " + std::to_string(available) + " bytes of data, fewer than the " + std::to_string(bytes) +
             " a " + sizes_text(h.dims) + " volume of " + type_name(h.type) + " needs";
    return false;
}

void decode_values(const VolumeHeader& h, const std::uint8_t* raw, std::uint64_t count, std::uint8_t* out) {
    if (stored_kind(h) == Stored::F32) {
        convert_values(h.type, raw, count, h.big_endian, h.slope, h.intercept, reinterpret_cast<float*>(out));
        return;
    }
    const std::uint64_t n = std::uint64_t(type_size(h.type));
    if (h.big_endian && n == 2)
        for (std::uint64_t i = 0; i < count; ++i) out[2 * i] = raw[2 * i + 1], out[2 * i + 1] = raw[2 * i];
    else
        std::memcpy(out, raw, std::size_t(count * n));
}

}  // namespace volume

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

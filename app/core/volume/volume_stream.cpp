// A volume file read a part at a time (volume_stream.h): the plan from its header, each part
// decoded as volume_decode.cpp decodes the whole.
#include "volume_stream.h"

#include <cstring>

namespace hp {

bool plan_stream(const std::uint8_t* head, std::size_t size, std::uint64_t file_size, const VolumeOptions& o,
                 VolumeStream* out, bool* streams, std::string* error) {
    using namespace volume;
    *streams = false;
    VolumeHeader h;
    std::vector<std::uint8_t> unzipped;
    if (!read_header(head, size, file_size, o, false, &h, &unzipped, error)) return false;
    if (!unzipped.empty() || h.encoding != Encoding::Raw || o.downsample != 1) return true;  // read whole
    const std::uint64_t bytes = data_bytes(h);
    if (h.offset > file_size) return *error = "the file ends before its data starts", false;
    if (file_size - h.offset < bytes)
        return *error = "the file holds " + std::to_string(file_size - h.offset) + " bytes of data, fewer than the " +
                        std::to_string(bytes) + " a " + sizes_text(h.dims) + " volume of " + type_name(h.type) + " needs",
               false;
    VolumeStream s;
    s.header = h;
    s.meta = describe(h, o);
    const Stored kept = stored_kind(h);
    s.meta.values = VoxelValues(kept, 0, kept == Stored::F32 ? Scaling{} : Scaling{h.slope, h.intercept});
    s.offset = h.offset;
    s.count = std::uint64_t(h.dims[0]) * std::uint64_t(h.dims[1]) * std::uint64_t(h.dims[2]);
    s.file_size = type_size(h.type);
    s.kept_size = stored_size(kept);
    *out = std::move(s);
    *streams = true;
    return true;
}

void decode_part(const VolumeStream& s, const std::uint8_t* raw, std::uint64_t count, std::uint8_t* out) {
    const volume::VolumeHeader& h = s.header;
    if (s.meta.values.type() == Stored::F32) {
        volume::convert_values(h.type, raw, count, h.big_endian, h.slope, h.intercept, reinterpret_cast<float*>(out));
        return;
    }
    if (h.big_endian && s.file_size == 2)
        for (std::uint64_t i = 0; i < count; ++i) out[2 * i] = raw[2 * i + 1], out[2 * i + 1] = raw[2 * i];
    else
        std::memcpy(out, raw, std::size_t(count) * std::size_t(s.file_size));
}

}  // namespace hp

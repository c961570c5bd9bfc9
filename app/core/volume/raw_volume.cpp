// Raw voxels with no header: dims and type from the options, or from a name in the Open SciVis
// convention (`name_XxYxZ_type.raw`, e.g. head_256x256x108_int16.raw); little-endian unless
// told. The file's size must be exactly what they describe.
#include <regex>

#include "volume_decode.h"

namespace hp::volume {

bool read_raw_header(std::uint64_t size, const VolumeOptions& o, VolumeHeader* h, std::string* error) {
    h->file = "raw";
    std::string type = o.type;
    std::array<std::int64_t, 3> dims{o.dims[0], o.dims[1], o.dims[2]};
    const std::string name = o.name.substr(o.name.find_last_of("/\\") + 1);
    std::smatch m;
    static const std::regex kScivis(R"(_(\d{1,6})x(\d{1,6})x(\d{1,6})_([a-z0-9]+)\.raw$)", std::regex::icase);
    if ((dims[0] == 0 || type.empty()) && std::regex_search(name, m, kScivis)) {
        if (dims[0] == 0) dims = {std::stoll(m[1]), std::stoll(m[2]), std::stoll(m[3])};
        if (type.empty()) type = lower(m[4]);
    }
    if (dims[0] == 0 || type.empty())
        return *error = "not a volume file this page opens (NIfTI, NRRD, MetaImage .mha, VTK) and, as raw data, its "
                        "size and type are unknown: name it like head_256x256x108_int16.raw or give dims and type",
               false;
    if (!type_of(type, &h->type))
        return *error = "raw type '" + type.substr(0, 20) +
                        "' is not one this page opens (uint8, int8, uint16, int16, int32, float32, float64)",
               false;
    h->dims = dims;
    h->big_endian = o.big_endian;
    std::uint64_t bytes = std::uint64_t(type_size(h->type));
    for (std::int64_t d : dims) bytes *= std::uint64_t(std::max<std::int64_t>(d, 0));
    if (dims[0] > 0 && dims[1] > 0 && dims[2] > 0 && dims[0] <= o.max_dim && dims[1] <= o.max_dim &&
        dims[2] <= o.max_dim && bytes != size)
        return *error = "a raw file of " + std::to_string(size) + " bytes, but " + std::to_string(dims[0]) + "×" +
                        std::to_string(dims[1]) + "×" + std::to_string(dims[2]) + " " + type + " takes " +
                        std::to_string(bytes),
               false;
    return true;
}

}  // namespace hp::volume

// Fuzzes the volume readers (load_volume, the function the page calls), every format at once:
// the first byte picks the options (downsample, a raw name, the byte order), the rest is the
// file, recognized by its magic. A load either fails with a message or gives a whole volume of
// finite values within its range, of dims within the limits. The limits are lowered so inputs
// stay small (a header may claim at most 2^18 voxels); ASan and UBSan catch the rest.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "check.h"

#include "volume_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    hp::VolumeOptions o;
    o.max_voxels = 1u << 18;
    o.max_dim = 256;
    o.downsample = data[0] & 1 ? 2 : 1;
    o.big_endian = data[0] & 2;
    if (data[0] & 4) o.name = "fuzz_8x6x5_int16.raw";
    if (data[0] & 8) o.spacing = {0.5, 1.5, 2};
    hp::Volume v;
    std::string error;
    if (!hp::load_volume(data + 1, size - 1, o, &v, &error)) {
        check(!error.empty(), "a rejection has a message");
        check(v.values.empty(), "a rejection leaves the output alone");
        return 0;
    }
    for (int d : v.dims) check(d >= 2 && d <= o.max_dim, "dims within the limits");
    check(v.values.size() == v.count() && v.count() <= o.max_voxels, "one value a voxel");
    for (std::size_t i = 0; i < v.values.size(); ++i) {
        const float x = v.values[i];  // as every reader takes it: float(slope · stored + intercept)
        check(std::isfinite(x) && x >= v.lo && x <= v.hi, "finite values within the range");
    }
    check(v.values.byte_size() == v.count() * std::size_t(stored_size(v.values.type())), "the stored bytes, no more");
    for (double s : v.spacing) check(s > 0 && std::isfinite(s), "positive spacing");
    check(!v.file.empty() && !v.type.empty(), "the format and type are named");
    return 0;
}

// Volumes past 512³ for the bricked path's tests and benchmarks (issue 40), made from the CT
// sample or from a described phantom, written as uncompressed NIfTI-1 slab by slab (never the
// whole in memory); never committed (docs/volumes.md says what each is). And what bricks of
// each size would hold of a volume at an iso: the figures the brick size is chosen by.
//   make_volume body CT.nrrd OUT.nii [SLICES]      512×512×SLICES int16 HU (default 2048)
//   make_volume microct OUT.nii [N] [SLICES]       N×N×SLICES uint16 (default 1024×1024×1080)
//   make_volume bricks FILE ISO                    active bricks and cells at 8³, 16³, 32³, 64³
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "brick_grid.h"
#include "volume_file.h"

namespace {

using Dims = std::array<int, 3>;

// A NIfTI-1 single file's header (348 bytes, then 4 bytes of no extension): `datatype` 4 int16
// or 512 uint16, voxel sizes `mm`, an sform of those sizes (RAS, the first voxel at 0).
std::vector<char> nifti_header(const Dims& d, short datatype, const std::array<float, 3>& mm) {
    std::vector<char> h(352, 0);
    const auto put = [&h](std::size_t at, const void* v, std::size_t n) { std::memcpy(h.data() + at, v, n); };
    const int sizeof_hdr = 348;
    put(0, &sizeof_hdr, 4);
    const short dim[8] = {3, short(d[0]), short(d[1]), short(d[2]), 1, 1, 1, 1};
    put(40, dim, sizeof dim);
    const short bitpix = 16;
    put(70, &datatype, 2);
    put(72, &bitpix, 2);
    const float pixdim[8] = {1, mm[0], mm[1], mm[2], 1, 1, 1, 1};
    put(76, pixdim, sizeof pixdim);
    const float vox_offset = 352, slope = 1, inter = 0;
    put(108, &vox_offset, 4);
    put(112, &slope, 4);
    put(116, &inter, 4);
    const short sform_code = 1;  // scanner-anatomical
    put(254, &sform_code, 2);
    const float srow[3][4] = {{mm[0], 0, 0, 0}, {0, mm[1], 0, 0}, {0, 0, mm[2], 0}};
    put(280, srow, sizeof srow);
    put(344, "n+1\0", 4);
    return h;
}

// Writes `slices` slices of X×Y 16-bit values, `slice(z, out)` filling each.
template <typename T, typename F>
bool write_nifti(const char* path, const Dims& d, short datatype, const std::array<float, 3>& mm, F&& slice) {
    std::ofstream out(path, std::ios::binary);
    const std::vector<char> h = nifti_header(d, datatype, mm);
    out.write(h.data(), std::streamsize(h.size()));
    std::vector<T> s(std::size_t(d[0]) * std::size_t(d[1]));
    for (int z = 0; z < d[2]; ++z) {
        slice(z, s.data());
        out.write(reinterpret_cast<const char*>(s.data()), std::streamsize(s.size() * sizeof(T)));
    }
    return bool(out);
}

// 512×512×SLICES in HU: the CT head sample (256×256×108, 0.96×0.96×1.5 mm) upsampled twice along
// each axis (trilinear: 512×512×216 at 0.48×0.48×0.75 mm), stacked along z copy after copy, each
// copy varied so that no two surfaces at 400 HU are the same: odd copies mirrored left-right,
// every third turned upside down, and the values scaled by 1 + 0.06·sin(1.7k) around −1024 HU
// (bone thickens or thins by a voxel or two). A whole-body CT's density of surface (bone in every
// slice), not a sparse toy.
int make_body(const char* ct_path, const char* out_path, int slices) {
    std::ifstream f(ct_path, std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(f)), {});
    hp::Volume ct;
    std::string error;
    if (!hp::load_volume(bytes.data(), bytes.size(), {}, &ct, &error)) return std::fprintf(stderr, "%s\n", error.c_str()), 1;
    const Dims c = ct.dims, d = {2 * c[0], 2 * c[1], slices};
    const int copy = 2 * c[2];  // slices a copy
    const auto at = [&](int x, int y, int z) {
        x = std::clamp(x, 0, c[0] - 1), y = std::clamp(y, 0, c[1] - 1), z = std::clamp(z, 0, c[2] - 1);
        return ct.values[std::size_t(x) + std::size_t(c[0]) * (std::size_t(y) + std::size_t(c[1]) * std::size_t(z))];
    };
    const auto sample = [&](float x, float y, float z) {  // trilinear, in the sample's voxels
        const int x0 = int(std::floor(x)), y0 = int(std::floor(y)), z0 = int(std::floor(z));
        const float fx = x - float(x0), fy = y - float(y0), fz = z - float(z0);
        float v = 0;
        for (int k = 0; k < 8; ++k) {
            const int dx = k & 1, dy = (k >> 1) & 1, dz = k >> 2;
            v += at(x0 + dx, y0 + dy, z0 + dz) * (dx ? fx : 1 - fx) * (dy ? fy : 1 - fy) * (dz ? fz : 1 - fz);
        }
        return v;
    };
    const bool ok = write_nifti<std::int16_t>(out_path, d, 4, {float(ct.spacing[0] / 2), float(ct.spacing[1] / 2),
                                                                float(ct.spacing[2] / 2)},
        [&](int z, std::int16_t* s) {
            const int k = z / copy, local = z % copy;
            const bool mirror = k % 2 == 1, upside = k % 3 == 2;
            const float scale = 1.0f + 0.06f * std::sin(1.7f * float(k));
            const float sz = (float(upside ? copy - 1 - local : local) - 0.5f) / 2;
            for (int y = 0; y < d[1]; ++y)
                for (int x = 0; x < d[0]; ++x) {
                    const float sx = (float(mirror ? d[0] - 1 - x : x) - 0.5f) / 2, sy = (float(y) - 0.5f) / 2;
                    const float hu = -1024.0f + (sample(sx, sy, sz) + 1024.0f) * scale;
                    s[std::size_t(x) + std::size_t(d[0]) * std::size_t(y)] = std::int16_t(std::clamp(std::lround(hu), -1024l, 3071l));
                }
        });
    std::printf("%s: %d×%d×%d int16, %d copies of the CT sample\n", out_path, d[0], d[1], d[2], (slices + copy - 1) / copy);
    return ok ? 0 : 1;
}

// A deterministic hash of a voxel to [−1, 1): the scanner's noise.
float noise(std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    std::uint32_t h = x * 0x8da6b343u ^ y * 0xd8163841u ^ z * 0xcb1ab31fu;
    h ^= h >> 13, h *= 0x5bd1e995u, h ^= h >> 15;
    return float(h & 0xffffu) / 32768.0f - 1.0f;
}

// N×N×SLICES uint16, a micro-CT stand-in: a bone biopsy core scanned in air. A cylinder along z
// (radius 0.42 N) with a cortical wall (0.035 N thick) around trabecular bone: the sheets of a
// gyroid (period 64 voxels, |g| < 0.35 is bone) with marrow between; air 1000, marrow 3000, bone
// 10000, edges ramped over about a voxel and ±150 of noise. Bone at 6500: surface in every slice
// but in a few per cent of the cells (measured: docs/volumes.md).
int make_microct(const char* out_path, int n, int slices) {
    const Dims d = {n, n, slices};
    const float c = float(n - 1) / 2, radius = 0.42f * float(n), wall = 0.035f * float(n);
    const float w = 2.0f * 3.14159265f / 64.0f;
    const auto ramp = [](float t) { return std::clamp(t + 0.5f, 0.0f, 1.0f); };  // 0 outside, 1 inside, t in voxels
    const bool ok = write_nifti<std::uint16_t>(out_path, d, 512, {0.01f, 0.01f, 0.01f}, [&](int z, std::uint16_t* s) {
        for (int y = 0; y < n; ++y)
            for (int x = 0; x < n; ++x) {
                const float r = std::hypot(float(x) - c, float(y) - c);
                const float in_core = ramp(radius - r), in_cortex = ramp(wall - std::fabs(radius - wall / 2 - r));
                const float fx = w * float(x), fy = w * float(y), fz = w * float(z);
                const float g = std::sin(fx) * std::cos(fy) + std::sin(fy) * std::cos(fz) + std::sin(fz) * std::cos(fx);
                const float trabecula = ramp((0.35f - std::fabs(g)) / 0.1f);  // |∇g| ≈ 0.1 a voxel: ramps over ~1 voxel
                const float bone = std::max(in_cortex, trabecula);
                const float v = 1000.0f + in_core * (2000.0f + 7000.0f * bone) + 150.0f * noise(std::uint32_t(x), std::uint32_t(y), std::uint32_t(z));
                s[std::size_t(x) + std::size_t(n) * std::size_t(y)] = std::uint16_t(std::clamp(std::lround(v), 0l, 65535l));
            }
    });
    std::printf("%s: %d×%d×%d uint16, a trabecular core in air\n", out_path, n, n, slices);
    return ok ? 0 : 1;
}

// For bricks of B³ cells (B + 1 voxels a side with the apron the cells need): how many straddle
// the iso (some corner below it, some not), the voxels they hold, and the cells in them against
// the active cells.
int brick_figures(const char* path, float iso) {
    std::ifstream f(path, std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(f)), {});
    hp::VolumeOptions options;
    options.max_voxels = options.max_data_bytes = std::uint64_t(1) << 34;
    hp::Volume v;
    std::string error;
    if (!hp::load_volume(bytes.data(), bytes.size(), options, &v, &error)) return std::fprintf(stderr, "%s\n", error.c_str()), 1;
    const Dims d = v.dims;
    const std::size_t X = std::size_t(d[0]), XY = X * std::size_t(d[1]);
    // The active cells, counted once; the bricks by the page's own first level (brick_grid.h:
    // those straddling the iso, exactly those holding an active cell).
    std::vector<std::uint8_t> below(v.values.size());
    for (std::size_t i = 0; i < below.size(); ++i) below[i] = v.values[i] < iso;
    std::uint64_t cells = 0, active_cells = 0;
    for (int z = 0; z + 1 < d[2]; ++z)
        for (int y = 0; y + 1 < d[1]; ++y)
            for (int x = 0; x + 1 < d[0]; ++x) {
                const std::size_t i = std::size_t(x) + X * std::size_t(y) + XY * std::size_t(z);
                const int n = below[i] + below[i + 1] + below[i + X] + below[i + X + 1] + below[i + XY] + below[i + XY + 1] +
                              below[i + XY + X] + below[i + XY + X + 1];
                ++cells, active_cells += n != 0 && n != 8;
            }
    std::printf("%s: %d×%d×%d %s at iso %g: %llu of %llu cells active (%.3f %%)\n", path, d[0], d[1], d[2], v.type.c_str(),
                double(iso), (unsigned long long)active_cells, (unsigned long long)cells, 100.0 * double(active_cells) / double(cells));
    std::printf("brick  bricks  active   share    voxels held (with apron)   cells in active bricks per active cell\n");
    const Dims cd = {d[0] - 1, d[1] - 1, d[2] - 1};
    for (int b : {8, 16, 32, 64}) {
        const hp::BrickGrid g = hp::brick_grid(v.values, d, b);
        std::vector<std::uint32_t> on;
        const hp::BrickCount c = hp::active_bricks(g, iso, &on);
        double scanned = 0;  // the active bricks' cells, cut at the volume's faces
        for (std::uint32_t k : on) {
            const int x = int(k) % g.grid[0], y = int(k) / g.grid[0] % g.grid[1], z = int(k) / (g.grid[0] * g.grid[1]);
            scanned += double(std::min(b, cd[0] - x * b)) * double(std::min(b, cd[1] - y * b)) * double(std::min(b, cd[2] - z * b));
        }
        std::printf("%3d³  %7zu %7llu  %6.2f %%  %12llu (%6.2f %% of the volume)  %6.1f\n", b, g.bricks(),
                    (unsigned long long)c.active, 100.0 * double(c.active) / double(g.bricks()), (unsigned long long)c.voxels_held,
                    100.0 * double(c.voxels_held) / double(v.values.size()), scanned / double(std::max<std::uint64_t>(active_cells, 1)));
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string what = argc > 1 ? argv[1] : "";
    if (what == "body" && argc >= 4) return make_body(argv[2], argv[3], argc > 4 ? std::atoi(argv[4]) : 2048);
    if (what == "microct" && argc >= 3)
        return make_microct(argv[2], argc > 3 ? std::atoi(argv[3]) : 1024, argc > 4 ? std::atoi(argv[4]) : 1080);
    if (what == "bricks" && argc >= 4) return brick_figures(argv[2], float(std::atof(argv[3])));
    std::fprintf(stderr,
                 "usage: make_volume body CT.nrrd OUT.nii [SLICES]\n"
                 "       make_volume microct OUT.nii [N] [SLICES]\n"
                 "       make_volume bricks FILE ISO\n");
    return 2;
}

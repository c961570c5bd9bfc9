// Opening the volumes people have: NIfTI-1 (.nii, .nii.gz), NRRD (attached header, raw or
// gzip), MetaImage (.mha, raw or zlib), legacy VTK STRUCTURED_POINTS (ASCII or BINARY) and
// raw files. The format is recognized from the bytes (magic and header), the name only for raw.
// Pure functions from bytes to a Volume or a sentence a user can act on; nothing here knows
// of the GPU. Every size a header claims is checked against what the bytes really hold before
// anything that large is allocated; compressed data is inflated into a buffer that grows as
// data comes out and never past what the header promises (inflate.h).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "label_table.h"
#include "voxel_values.h"

namespace hp {

// Voxel index → world as the identity (row-major 3×4): a volume whose file says nothing.
inline constexpr std::array<double, 12> kIdentityToWorld{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0};

// A scalar volume in data units (Hounsfield units for a CT, the file's values after NIfTI's
// scl_slope/scl_inter): values[x + X·(y + Y·z)], x fastest, as every one of these formats
// stores it; 8- and 16-bit files kept in their stored type with the scaling beside
// (voxel_values.h), others as float32.
struct Volume {
    std::array<int, 3> dims{};                 // X, Y, Z, each ≥ 2
    std::array<double, 3> spacing{1, 1, 1};    // voxel size along each axis (mm for scans), > 0
    // Voxel index (i, j, k) → the file's world coordinates (mm), row-major 3×4:
    // world = M · (i, j, k, 1). Includes spacing, orientation (NIfTI sform/qform, NRRD space
    // directions, MetaImage TransformMatrix) and origin; the identity scaled by spacing where
    // the file says nothing. The file's own frame: RAS for NIfTI, the `space` for NRRD, LPS
    // for MetaImage, VTK's axes.
    std::array<double, 12> to_world = kIdentityToWorld;
    VoxelValues values;                        // X·Y·Z, finite
    float lo = 0, hi = 0;                      // range of `values`
    std::string space;                         // to_world's frame: "RAS" (NIfTI; NRRD that says so),
                                               // "LPS" (MetaImage; NRRD that says so), "" unknown
    std::string file;                          // nifti, nrrd, mha, vtk, raw
    std::string type;                          // stored type: uint8 int8 int16 uint16 int32 float32 float64
    std::uint64_t replaced = 0;                // NaN / ±Inf replaced by the lowest / highest finite value
    std::vector<std::string> notes;            // what a user should know: "4D file: its first volume",
                                               // "12 NaN replaced", "downsampled by 2", ...
    LabelTable labels;                         // names and colours the file carries (a single-layer
                                               // .seg.nrrd), empty otherwise

    std::size_t count() const { return std::size_t(dims[0]) * std::size_t(dims[1]) * std::size_t(dims[2]); }
};

// What a file does not say (raw) or what the user asks for. Zero / empty: not given.
struct VolumeOptions {
    std::string name;                  // the file's name: recognizes raw by
                                       // `*_XxYxZ_type.raw` (Open SciVis), and messages use it
    std::array<int, 3> dims{};         // raw only
    std::string type;                  // raw only: one of the stored types above
    std::array<double, 3> spacing{};   // overrides the file's spacing (raw: default 1)
    bool big_endian = false;           // raw only
    int downsample = 1;                // 1, or 2: each axis floor(n/2), mean of each 2×2×2 block,
                                       // spacing doubled (to_world scaled to match); halved
                                       // while decoding (the full size is never held as floats)
    // Limits (the fuzz build lowers them so inputs stay small).
    std::uint64_t max_voxels = std::uint64_t(1) << 30;      // X·Y·Z of the volume opened (downsampled: halved)
    std::uint64_t max_data_bytes = std::uint64_t(1) << 30;  // the stored data decoded (full size)
    int max_dim = 65535;
    // Where given, told how a long read goes ("inflating": bytes out of those the header
    // describes; "decoding": values): the page's worker shows it as the progress bar.
    std::function<void(const char* task, std::uint64_t done, std::uint64_t total)> progress;
};

// Opens `data`. On failure returns false with one sentence in *error (it names the format, what
// is wrong and, where there is one, what to do: "a .hdr/.img pair cannot be opened from one
// file: convert it to .nii (e.g. with nibabel or fslchfiletype)"); *out is untouched then.
// A DICOM file (DICM at byte 128) is recognized and refused here: the page opens DICOM with its
// DICOM reader (app/dicom/, web/dicom_open.js), which these readers never see.
bool load_volume(const std::uint8_t* data, std::size_t size, const VolumeOptions& options, Volume* out,
                 std::string* error);

// The sizes a file's header claims, read and checked against `options` (the limits, and the
// downsampling asked for) without decoding the data: false with the loader's sentence where
// load_volume would refuse the header. The page asks it, at downsample 2, whether a file refused
// for its size would open downsampled. `file_size`: the whole file's, where `data` is only its
// start (a file too large to be read: its header still says what it holds); 0: `size`.
bool volume_dims(const std::uint8_t* data, std::size_t size, const VolumeOptions& options, std::array<int, 3>* dims,
                 std::string* error, std::uint64_t file_size = 0);

// Suggested iso values for a volume (the page's preset buttons): for a CT in Hounsfield units
// (int16, low end ≤ −900) bone ≈ +400 and skin ≈ −300; otherwise the middle of the range. The
// first is the iso a file opens at.
struct IsoPreset {
    std::string name;
    float iso;
};
std::vector<IsoPreset> iso_presets(const Volume& v);

// The value histogram the iso control draws: `bins` counts over [lo, hi].
std::vector<std::uint32_t> value_histogram(const Volume& v, int bins);

// An 8- or 16-bit volume's values counted by stored value (2^bits counts, the type's lowest
// first): values [first, first + n) added to *counts, sized on first use; nothing for float32
// storage (counts stay empty). A load counts each part as it arrives.
void count_stored(const VoxelValues& values, std::size_t first, std::size_t n, std::vector<std::uint32_t>* counts);
// From the counts of every value: v's range (v->lo, v->hi: finite_values') and
// value_histogram's bins, without another pass over the values.
std::vector<std::uint32_t> histogram_of_counts(Volume* v, const std::vector<std::uint32_t>& counts, int bins);

}  // namespace hp

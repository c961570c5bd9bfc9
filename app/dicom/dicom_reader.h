// One DICOM file, read by GDCM from bytes in memory: its header (what dicom_series.h needs) and
// its pixels decoded, in data units. GDCM parses every transfer syntax it knows (implicit and
// explicit VR, big endian, deflated) and decodes RLE, JPEG (baseline, extended, lossless: IJG
// 8/12/16-bit), JPEG-LS (CharLS) and JPEG 2000 (OpenJPEG); anything else is a message naming it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "dicom_series.h"

namespace hp {

enum class DicomHeader {
    Image,      // a DICOM image: *out filled
    NotDicom,   // neither the DICM mark nor a data set GDCM reads with an image's attributes
    NoImage,    // DICOM without pixels (a DICOMDIR, a report, ...)
    NeedWhole,  // `data` was the file's beginning and the header runs past it: give the whole file
};

// The header of the file `data` (its first `size` bytes; `whole` when that is the whole file).
// While GDCM reads it, no one allocation may pass the file's size or `max_allocation` (a deflated
// data set inflates): a header that claims more is not read (the fuzzer lowers the limit).
constexpr std::size_t kMaxHeaderAllocation = std::size_t(64) << 20;
DicomHeader read_dicom_header(const std::uint8_t* data, std::size_t size, bool whole, DicomSlice* out,
                              std::size_t max_allocation = kMaxHeaderAllocation);

// The pixels of the file `data`, whose header read as `slice`: cols × rows values, x fastest,
// the stored values (bits stored and sign honoured) × slope + intercept as float32 (`as`
// Stored::F32, `out` floats), or the stored values themselves in the series' type (`as` 8 or 16
// bits, dicom_series.h's DicomPlan::kept: `out` of that type, the slice's rescale `scaling`).
// False with a sentence (a transfer syntax GDCM does not decode names it; a value or rescale
// that is not the series'). An image of more than `max_pixels` is refused before GDCM
// allocates for it (the fuzzer lowers the limit).
constexpr std::size_t kMaxSlicePixels = std::size_t(1) << 26;  // 8192²
bool decode_dicom_slice(const std::uint8_t* data, std::size_t size, const DicomSlice& slice, void* out,
                        std::string* error, std::size_t max_pixels = kMaxSlicePixels, Stored as = Stored::F32,
                        Scaling scaling = {});

}  // namespace hp

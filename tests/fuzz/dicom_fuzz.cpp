// Fuzzes the DICOM path as the page's worker runs it (app/dicom/): a file's header read by GDCM
// (from a prefix, then whole) and the series planned from it and a copy one slice further
// (fuzz_dicom); with HP_FUZZ_DECODE also its slice decoded within our limits (lowered here: 2^16
// pixels) by GDCM's codecs (fuzz_dicom_decode). A header either is refused or gives a slice the
// plan accepts or refuses with a sentence; a decode either fails with one or fills every pixel
// with a finite value. ASan catches the rest, in GDCM too (built for this with ASan by
// scripts/fuzz.sh).
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "check.h"

#include "dicom_reader.h"
#include "dicom_series.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    hp::DicomSlice s;
    const std::size_t most = std::size_t(1) << 20;  // one allocation (the page's: 64 MiB)
    hp::DicomHeader h = hp::read_dicom_header(data, size, size <= 512, &s, most);
    if (h == hp::DicomHeader::NeedWhole) h = hp::read_dicom_header(data, size, true, &s, most);
    check(h != hp::DicomHeader::NeedWhole, "a whole file is never asked for again");
    if (h != hp::DicomHeader::Image) return 0;
    check(s.rows > 0 && s.cols > 0, "an image has a size");
    hp::DicomSlice next = s;
    next.file = 1;
    next.position[2] += 1;
    hp::DicomPlan plan;
    std::string error;
    if (!hp::plan_dicom_series({s, next}, "", &plan, &error)) check(!error.empty(), "a refused plan says why");
#ifdef HP_FUZZ_DECODE
    if (std::size_t(s.rows) * std::size_t(s.cols) > (1u << 16)) return 0;
    std::vector<float> out(std::size_t(s.rows) * std::size_t(s.cols), NAN);
    if (!hp::decode_dicom_slice(data, size, s, out.data(), &error, 1u << 16)) {
        check(!error.empty(), "a failed decode says why");
        return 0;
    }
    for (float x : out) check(std::isfinite(x), "every pixel decoded to a finite value");
#endif
    return 0;
}

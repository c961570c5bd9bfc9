// What the volume readers share (app/core/volume/volume_file.cpp, volume_decode.cpp and one file
// per format): a format reads its header into a VolumeHeader; decode() checks the sizes it
// claims against the bytes, inflates or parses the data within them and converts it to float32
// in data units.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "volume_file.h"

namespace hp::volume {

enum class Type { U8, I8, I16, U16, I32, F32, F64 };
const char* type_name(Type t);  // uint8 ... float64, as Volume::type and raw names say
int type_size(Type t);
bool type_of(const std::string& name, Type* t);  // by those names

enum class Encoding { Raw, Gzip, Zlib, Ascii };

// What a header says: enough to find, decode and place the data.
struct VolumeHeader {
    const char* file = "";               // nifti, nrrd, mha, vtk, raw
    std::array<std::int64_t, 3> dims{};  // as claimed: checked by decode()
    Type type = Type::U8;
    bool big_endian = false;
    Encoding encoding = Encoding::Raw;
    std::size_t offset = 0;              // where the data starts (inside the inflated stream
                                         // for NIfTI .nii.gz, in the file otherwise)
    std::size_t length = 0;              // compressed bytes from `offset` (0: to the end)
    std::array<double, 3> spacing{1, 1, 1};
    std::array<double, 12> to_world{};   // all zero: the identity scaled by spacing
    double slope = 1, intercept = 0;     // value = slope · stored + intercept
    bool more_follows = false;           // further volumes follow (a 4D NIfTI: its first is read)
    std::string space;                   // RAS, LPS or "" (Volume::space)
    std::vector<std::string> notes;
    LabelTable labels;                   // a .seg.nrrd's segment names and colours (Volume::labels)
};

// Reads the header of `data` into *h and checks its claims against `o` (volume_file.cpp). A
// .nii.gz's header is inside the gzip stream: `unzipped` gets enough of it for the header (348
// bytes; 544 tell NIfTI-2 apart) and, with `whole`, exactly what the header describes, its data
// then read from *unzipped instead of `data`. A raw file's size is `file_size` (the whole
// file's: `data` may be only its start).
bool read_header(const std::uint8_t* data, std::size_t size, std::uint64_t file_size, const VolumeOptions& o, bool whole,
                 VolumeHeader* h, std::vector<std::uint8_t>* unzipped, std::string* error);

// The header's claims against the limits (each axis 2 to max_dim voxels, at most max_voxels,
// positive spacing): false with a sentence, before anything is allocated for them.
bool check_claims(const VolumeHeader& h, const VolumeOptions& o, std::string* error);
std::uint64_t data_bytes(const VolumeHeader& h);  // what the claimed voxels take, stored

// The formats' readers: true when the bytes are theirs and the header reads, false with
// *error set when they are theirs but wrong (each is called only on its own magic).
bool read_nifti_header(const std::uint8_t* data, std::size_t size, VolumeHeader* h, std::string* error);
bool read_nrrd_header(const std::uint8_t* data, std::size_t size, VolumeHeader* h, std::string* error);
bool read_mha_header(const std::uint8_t* data, std::size_t size, VolumeHeader* h, std::string* error);
bool read_vtk_header(const std::uint8_t* data, std::size_t size, VolumeHeader* h, std::string* error);
bool read_raw_header(std::uint64_t size, const VolumeOptions& o, VolumeHeader* h, std::string* error);
bool looks_like_mha(const std::uint8_t* data, std::size_t size);

// "37×23×11": a header's sizes, as messages give them.
std::string sizes_text(const std::array<std::int64_t, 3>& d);

// The volume a header describes, without its values (dims, spacing, to_world with the user's
// spacing, file, type, space, notes, labels): what decode() fills, full size.
Volume describe(const VolumeHeader& h, const VolumeOptions& o);
// How its values are kept: 8 and 16 bits as stored where the slope is positive, else float32.
Stored stored_kind(const VolumeHeader& h);
// `count` values of the header's type at `raw` into `out`, kept as stored_kind(h) says: 8 and 16
// bits copied in the machine's byte order, the rest converted to float32 in data units. This and
// data_fits are in volume_stream.cpp: a streamed part and decode()'s whole file share them.
void decode_values(const VolumeHeader& h, const std::uint8_t* raw, std::uint64_t count, std::uint8_t* out);
// Whether `available` bytes from the header's offset hold its data: false with the sentence
// ("the file holds N bytes of data, fewer than the M a X×Y×Z volume of int16 needs").
bool data_fits(const VolumeHeader& h, std::uint64_t available, std::string* error);
// `count` values of type t at `raw` (big-endian where said) to float32 in data units.
void convert_values(Type t, const std::uint8_t* raw, std::uint64_t count, bool big, double slope, double intercept,
                    float* out);

// The header's data into *out (values, dims, spacing, to_world, range, type, file, notes),
// within options' limits (volume_decode.cpp).
bool decode(const std::uint8_t* data, std::size_t size, const VolumeHeader& h, const VolumeOptions& o, Volume* out,
            std::string* error);

// The range of v->values into v->lo, v->hi, NaN and ±Inf replaced by its ends (counted in
// v->replaced, with a note); false when no value is finite.
bool finite_values(Volume* v, std::string* error);

// Text headers: lines, trimmed, split at the first `separator`.
std::string trim(const std::string& s);
std::string lower(std::string s);
// A header's three sizes ("sizes: 37 23 11") into h->dims; false with "`what` are not three
// whole numbers" otherwise.
bool read_dims(const std::string& text, const std::string& what, VolumeHeader* h, std::string* error);
// Whitespace-separated numbers (commas and brackets too, as in "(1,0,0)"); false if any is not
// a finite number.
bool numbers(const std::string& text, std::vector<double>* out);

}  // namespace hp::volume

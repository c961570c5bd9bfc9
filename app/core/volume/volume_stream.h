// A volume file read a part at a time: where its data are uncompressed binary values at full
// size (a .nii, NRRD or MetaImage with raw data, binary VTK, raw), its header alone says where
// each value lies in the file and how it is kept, so the page's reader decodes the values as
// the file's bytes arrive (web/volume_reader.js) and never holds the whole file. The rest (a
// .nii.gz, gzip or zlib data, ASCII values, `downsample: 2`) is read whole (load_volume).
#pragma once

#include <cstdint>
#include <string>

#include "volume_decode.h"

namespace hp {

struct VolumeStream {
    Volume meta;                  // as load_volume describes it, no values (their stored type and scaling set)
    volume::VolumeHeader header;  // the file's header (type, byte order, scaling)
    std::uint64_t offset = 0;     // the first value's byte in the file
    std::uint64_t count = 0;      // values
    int file_size = 1;            // bytes a value takes in the file (each part decoded by volume::decode_values)
    int kept_size = 1;            // bytes a value takes as kept (meta.values' type)
};

// The file's start (`size` bytes at `head`, of `file_size` in all) against `o`: false with the
// loader's sentence where load_volume would refuse its header or the file is too short for the
// data it claims; else true, with *streams saying whether it streams (then *out is its plan).
bool plan_stream(const std::uint8_t* head, std::size_t size, std::uint64_t file_size, const VolumeOptions& o,
                 VolumeStream* out, bool* streams, std::string* error);

}  // namespace hp

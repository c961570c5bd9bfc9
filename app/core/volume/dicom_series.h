// A DICOM series put together from its files' headers: grouped by series, ordered by position
// along the slice normal, its spacing from those positions, its world frame (LPS) from the
// orientation and the first position. Reading the headers and decoding the pixels is GDCM's
// (app/dicom/); this is the geometry after it, pure and unit-tested natively.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "voxel_values.h"

namespace hp {

class JsonWriter;

// What one file's header says, as app/dicom/dicom_reader.cpp reads it.
struct DicomSlice {
    int file = -1;                     // the caller's index of the file
    std::string series_uid;            // (0020,000E)
    std::string description;           // (0008,103E)
    std::string modality;              // (0008,0060): CT, MR, ...
    std::string transfer_syntax;       // its name, for messages
    int rows = 0, cols = 0;            // (0028,0010), (0028,0011)
    int frames = 1;                    // (0028,0008)
    int samples = 1;                   // (0028,0002): 1 for a grey image
    int bits_allocated = 16, bits_stored = 16;
    bool is_signed = false;            // (0028,0103) = 1
    bool has_position = false;         // (0020,0032) and (0020,0037) both present
    std::array<double, 3> position{};  // (0020,0032): the first pixel's centre, mm, LPS
    std::array<double, 6> orientation{1, 0, 0, 0, 1, 0};  // (0020,0037): along a row, down a column
    std::array<double, 2> pixel_spacing{1, 1};             // (0028,0030): between rows, between columns
    double slope = 1, intercept = 0;   // (0028,1053), (0028,1052): data units (HU for a CT)
};

// One series as the page lists it: the largest first.
struct DicomSeriesInfo {
    std::string uid;                   // the series UID ("#2", "#3" appended where one UID holds
                                       // slices of different sizes or orientations)
    std::string description, modality;
    int slices = 0;
    std::array<int, 3> dims{};         // columns, rows, slices
};

// A series ready to decode: its slices in order, the volume they make.
struct DicomPlan {
    DicomSeriesInfo info;
    std::vector<DicomSlice> slices;    // in order of position along the normal (k = 0, 1, ...)
    std::array<int, 3> dims{};         // X = columns, Y = rows, Z = slices
    std::array<double, 3> spacing{};   // column spacing, row spacing, slice spacing (mm)
    std::array<double, 12> to_world{}; // voxel (i, j, k) → LPS mm, row-major 3×4
    std::string type;                  // the stored type: uint8 int8 uint16 int16 uint32 int32
    // How the volume holds the values: 8 and 16 bits as stored with the rescale beside them where
    // every slice has the same bits, sign and rescale (slope > 0); float32 in data units else.
    Stored kept = Stored::F32;
    Scaling scaling;
    std::vector<std::string> notes;    // what a user should know (a gantry tilt, ...)
};

// {uid, description, modality, slices, dims}: a series as the page's result lists it.
void series_json(JsonWriter* w, const DicomSeriesInfo& s);

// The series among `slices`, largest first (the one shown when none is asked for).
std::vector<DicomSeriesInfo> dicom_series(const std::vector<DicomSlice>& slices);

// The series `uid` ("" = the largest) as a volume: false with a sentence when it is not one (a
// single slice, colour, multi-frame, no position, slices sharing a position, uneven spacing or
// a missing slice, positions off a line). A gantry tilt opens sheared: to_world follows the
// positions, and a note says so.
bool plan_dicom_series(const std::vector<DicomSlice>& slices, const std::string& uid, DicomPlan* out,
                       std::string* error);

}  // namespace hp

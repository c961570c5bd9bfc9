// The names and colours of a label map's labels (a segmentation: each voxel an integer label),
// from the table that came with the volume: MRIcron's names (.nii.txt), MRIcron's colours (.lut,
// binary or text), ITK-SNAP's label description; a 3D Slicer .seg.nrrd carries its own (read by
// nrrd.cpp). Pure functions from bytes to a table or a sentence a user can act on; every count,
// length and value a table gives is capped, so hostile bytes cost at most a few MiB.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hp {

struct LabelEntry {
    float value = 0;                 // the voxel value it names: a whole number, |value| < 2^24
    std::string name;                // UTF-8, at most kMaxLabelName bytes; empty: a colour only
    std::array<std::uint8_t, 3> rgb{};
    bool has_color = false;
};

struct LabelTable {
    std::vector<LabelEntry> entries;  // in the file's order; no value twice
    std::string from;                 // where they came from, for the page to say: "MRIcron .nii.txt",
                                      // "MRIcron .lut", "ITK-SNAP", "seg.nrrd"; empty: no table
};

constexpr std::size_t kMaxLabels = 65536;
constexpr std::size_t kMaxLabelName = 256;      // bytes; longer names are cut (at a character)
constexpr double kMaxLabelValue = 16777216.0;   // 2^24: the floats hold every whole number below it

// Parses a table given with a volume, recognized from the bytes (`name`, the file's name, only
// tells a binary .lut from text of the same size, and names the file in messages):
//  - MRIcron's names (.nii.txt, .txt): "index name" lines, tabs or spaces between; where a third
//    numeric column follows (AAL's "1 Precentral_L 2001") the name is the second token, otherwise
//    the rest of the line;
//  - MRIcron's .lut: 768 bytes of 256 reds, 256 greens, 256 blues (800 and 970 bytes: a header
//    before them, as MRIcron reads them), or text lines "S index r g b" ("L": 16-bit colours);
//  - ITK-SNAP's label description: "IDX R G B A VIS MSH "LABEL"" lines.
// LF or CRLF line ends; blank lines and '#' or '*' comment lines skipped. False with one sentence
// in *error (which line, what is wrong) for anything else; *out is untouched then.
bool parse_label_table(const std::uint8_t* bytes, std::size_t size, const std::string& name, LabelTable* out,
                       std::string* error);

// Colours from `colors` (an MRIcron .lut beside a .nii.txt) fill the entries of *names that have a
// name but no colour, matched by value; names, order and `from` stay.
void merge_label_tables(LabelTable* names, const LabelTable& colors);

// The colour of the index-th label shown (its rank among the volume's labels) where no table
// gives one: golden-angle hues in OKLCH at three lightnesses, so neighbours in rank differ in hue
// and lightness; never dark, never grey, the same for the same index everywhere.
std::array<std::uint8_t, 3> palette_color(int index);

// A name as a table or a .seg.nrrd gives it, made safe to show: trimmed, control bytes and
// broken UTF-8 replaced by '?', cut to kMaxLabelName bytes at a character boundary.
std::string clean_label_name(const std::string& raw);

}  // namespace hp

// Fuzzes the label tables (parse_label_table, what the page calls on a table given with a volume):
// the first byte picks the file's name (none, .lut, .nii.txt, .txt: the name tells a binary .lut
// from text of the same size), the rest is the table. A parse either fails with a sentence or
// gives at most 65536 entries of whole values below 2^24, each once, with names already clean;
// merging the table into itself and the palette never break.
#include <cmath>
#include <cstdint>
#include <set>
#include <string>

#include "check.h"

#include "label_table.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    static const char* const kNames[] = {"", "t.lut", "t.nii.txt", "t.txt"};
    hp::LabelTable t;
    std::string error;
    if (!hp::parse_label_table(data + 1, size - 1, kNames[data[0] & 3], &t, &error)) {
        check(!error.empty(), "a rejection has a message");
        check(t.entries.empty() && t.from.empty(), "a rejection leaves the output alone");
        return 0;
    }
    check(!t.entries.empty() && t.entries.size() <= hp::kMaxLabels, "1 to 65536 entries");
    check(!t.from.empty(), "the format is named");
    std::set<float> values;
    for (const hp::LabelEntry& e : t.entries) {
        check(std::isfinite(e.value) && e.value == std::floor(e.value) && std::fabs(e.value) < hp::kMaxLabelValue,
              "whole values below 2^24");
        check(values.insert(e.value).second, "each value once");
        check(e.name.size() <= hp::kMaxLabelName && hp::clean_label_name(e.name) == e.name, "names clean and capped");
    }
    hp::LabelTable merged = t;
    hp::merge_label_tables(&merged, t);
    check(merged.entries.size() == t.entries.size(), "a merge keeps the entries");
    const int index = int(t.entries.size()) * (data[0] >> 2);
    const std::array<std::uint8_t, 3> c = hp::palette_color(index);
    check(c == hp::palette_color(index), "the palette is deterministic");
    return 0;
}

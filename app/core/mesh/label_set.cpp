#include "label_set.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_map>

namespace hp {

bool count_labels(const VoxelValues& values, std::vector<LabelInfo>* out, std::string* why) {
    std::unordered_map<float, std::uint64_t> counts;
    float last = 0;  // runs of one value are common: count them without a lookup
    std::uint64_t run = 0;
    auto flush = [&] {
        if (run && last != 0.0f) counts[last] += run;
        run = 0;
    };
    bool whole = true;  // the values read in their stored type, scaled
    values.visit([&](const auto* p, const Scaling& s) {
        for (std::size_t i = 0, n = values.size(); i < n; ++i) {
            const float v = s(p[i]);
            if (v != last) {
                if (v != std::floor(v)) {
                    char text[64];
                    std::snprintf(text, sizeof text, "%.9g", double(v));
                    *why = std::string("it holds values that are not whole numbers (") + text +
                           "): not a label map (classify=labels wants a segmentation's whole-number labels; "
                           "a volume opened downsampled holds block means)";
                    whole = false;
                    return;
                }
                flush();
                last = v;
                if (counts.size() > kMaxLabels) break;
            }
            ++run;
        }
    });
    if (!whole) return false;
    flush();
    if (counts.size() > kMaxLabels) {
        *why = "more than " + std::to_string(kMaxLabels) +
               " distinct values: this is not a label map (classify=labels wants a segmentation's whole-number labels)";
        return false;
    }
    out->clear();
    for (const auto& [value, n] : counts) out->push_back({value, "", {}, n, true, false});
    std::sort(out->begin(), out->end(), [](const LabelInfo& a, const LabelInfo& b) { return a.value < b.value; });
    return true;
}

void name_labels(const LabelTable& table, std::vector<LabelInfo>* labels) {
    std::unordered_map<float, const LabelEntry*> named;
    for (const LabelEntry& e : table.entries) named.emplace(e.value, &e);
    for (std::size_t i = 0; i < labels->size(); ++i) {
        LabelInfo& l = (*labels)[i];
        const auto it = named.find(l.value);
        const LabelEntry* e = it == named.end() ? nullptr : it->second;
        l.named = e && !e->name.empty();
        if (l.named) {
            l.name = e->name;
        } else {
            char text[48];
            std::snprintf(text, sizeof text, "label %.9g", double(l.value));
            l.name = text;
        }
        l.rgb = e && e->has_color ? e->rgb : palette_color(int(i));
    }
}

std::vector<MeshPart> mesh_parts(const std::vector<LabelInfo>& labels) {
    std::vector<MeshPart> parts;
    for (const LabelInfo& l : labels) parts.push_back({l.value, l.name, l.rgb});
    return parts;
}

std::vector<float> label_color_texels(const std::vector<LabelInfo>& labels, std::size_t texels) {
    std::vector<float> out(4 * std::max(texels, labels.size()), 0.0f);
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const LabelInfo& l = labels[i];
        out[4 * i] = l.value;
        out[4 * i + 1] = float(l.rgb[0]) * 65536.0f + float(l.rgb[1]) * 256.0f + float(l.rgb[2]);
        out[4 * i + 2] = l.shown ? 1.0f : 0.0f;
    }
    return out;
}

int label_index(const std::vector<LabelInfo>& labels, float value) {
    const auto it = std::lower_bound(labels.begin(), labels.end(), value,
                                     [](const LabelInfo& l, float v) { return l.value < v; });
    return it != labels.end() && it->value == value ? int(it - labels.begin()) : -1;
}

}  // namespace hp

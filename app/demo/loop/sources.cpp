#include "sources.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "png_volume.h"
#include "volume_decode.h"

namespace hp {
namespace {

}  // namespace

bool Sources::begin_volume(Volume header, const StoredSpec& stored, const AtlasLimit& limit, std::string* error) {
    arriving_.reset();
    const std::uint64_t count = std::uint64_t(header.dims[0]) * std::uint64_t(header.dims[1]) * std::uint64_t(header.dims[2]);
    if (header.dims[0] < 2 || header.dims[1] < 2 || header.dims[2] < 2)
        return *error = "a volume needs at least 2 voxels along each axis", false;
    if (count > kMaxVolumeVoxels)
        return *error = "it is " + std::to_string(header.dims[0]) + "×" + std::to_string(header.dims[1]) + "×" +
                        std::to_string(header.dims[2]) + ", past the " + std::to_string(kMaxVolumeVoxels) +
                        " voxels (512³) the demo opens", false;
    LoadedVolume v;
    if (!volume_layout(header.dims, limit, &v.layout, error)) return false;
    v.volume = std::move(header);
    v.volume.values = VoxelValues(stored.type, std::size_t(count), stored.scaling);
    arriving_ = std::move(v);
    return true;
}

bool Sources::end_file(Volume meta, const StoredSpec& stored, const std::string& name, std::vector<IsoPreset> presets,
                       DemoState* pending, std::string* error) {
    if (!arriving_) return *error = "no volume is arriving", false;
    LoadedVolume v = std::move(*arriving_);
    arriving_.reset();
    const Scaling& scaling = v.volume.values.scaling();
    if (meta.dims != v.volume.dims || stored.type != v.volume.values.type() ||
        stored.scaling.slope != scaling.slope || stored.scaling.intercept != scaling.intercept)
        return *error = "the volume's description is not the volume begun", false;
    meta.values = std::move(v.volume.values);
    const std::uint64_t replaced = meta.replaced;  // by the reader: the values are finite now
    meta.replaced = 0;
    if (!volume::finite_values(&meta, error)) return false;
    meta.replaced = replaced;
    v.volume = std::move(meta);
    v.name = name;
    v.presets = std::move(presets);
    if (v.presets.empty()) v.presets = iso_presets(v.volume);
    for (std::uint32_t count : value_histogram(v.volume, 96)) v.histogram.push_back(std::log1p(float(count)));
    v.source = Source::File;
    open(std::move(v), pending);
    return true;
}

bool Sources::end_volume(const std::string& name, std::vector<DicomSeriesInfo> series, const std::string& shown,
                         DemoState* pending, std::string* error) {
    if (!arriving_) return *error = "no volume is arriving", false;
    LoadedVolume v = std::move(*arriving_);
    arriving_.reset();
    if (!volume::finite_values(&v.volume, error)) return false;
    v.name = name;
    v.presets = iso_presets(v.volume);
    for (std::uint32_t count : value_histogram(v.volume, 96)) v.histogram.push_back(std::log1p(float(count)));
    v.source = Source::File;
    v.series = std::move(series);
    v.series_shown = shown;
    open(std::move(v), pending);
    return true;
}

bool Sources::read_png(const std::uint8_t* data, std::size_t size, int tile, int max_texture_size, LoadedVolume* out,
                       std::string* error) const {
    LoadedVolume v;
    if (!load_png_volume(data, size, tile > 0 ? tile : png_tile_, max_texture_size, &v.volume, &v.layout, error))
        return false;
    v.source = Source::Png;  // no presets: a PNG opens at the iso source=png had
    *out = std::move(v);
    return true;
}

// The one copy kept: the volume shown until now stays until this one has loaded. A file opens
// at its first preset, uncropped; a PNG at the iso source=png had.
void Sources::open(LoadedVolume v, DemoState* pending) {
    v.generation = ++loads_;
    v.bricks = brick_grid(v.volume.values, v.volume.dims, kBrickCells);
    if (v.table.entries.empty()) v.table = v.volume.labels;  // a .seg.nrrd's own names
    const Source s = v.source;
    keep_iso(*pending);
    if (!v.presets.empty()) iso_of_source_[std::size_t(s)] = v.presets[0].iso;
    loaded_ = std::move(v);
    pending->source = s;
    pending->iso = iso_of_source_[std::size_t(s)];
    // A new volume opens whole: a box drawn on the last one means nothing in it.
    const DemoState whole;
    pending->crop_x0 = whole.crop_x0, pending->crop_y0 = whole.crop_y0, pending->crop_z0 = whole.crop_z0;
    pending->crop_x1 = whole.crop_x1, pending->crop_y1 = whole.crop_y1, pending->crop_z1 = whole.crop_z1;
}

const LoadedVolume* Sources::shown(const DemoState& s) const {
    return loaded_ && loaded_->source == s.source ? &*loaded_ : nullptr;
}

const LoadedVolume* Sources::values_shown(const DemoState& s) const {
    const LoadedVolume* v = shown(s);
    const LoadedVolume* shell = v ? shell_.get(*v, s) : nullptr;
    return shell ? shell : v;
}

void Sources::choose(Source s, DemoState* pending) {
    if (s == pending->source) return;
    keep_iso(*pending);
    pending->source = s;
    pending->iso = iso_of_source_[std::size_t(s)];
}

AtlasLayout Sources::layout_for(const DemoState& s) const {
    const LoadedVolume* v = shown(s);
    return v ? v->layout : procedural_layout(s);
}

std::array<float, 2> Sources::range_of(const DemoState& s) const {
    const LoadedVolume* v = shown(s);
    return v ? std::array<float, 2>{v->volume.lo, v->volume.hi} : std::array<float, 2>{0, 1};
}

std::array<float, 3> Sources::scale_of(const DemoState& s) const {
    const LoadedVolume* v = shown(s);
    if (!v) return {1, 1, 1};
    const auto& sp = v->volume.spacing;
    const double least = std::min({sp[0], sp[1], sp[2]});
    return {float(sp[0] / least), float(sp[1] / least), float(sp[2] / least)};
}

// Mesh files are written in LPS, as 3D Slicer reads them (and as NRRD and MetaImage scans
// mostly are): a RAS frame (NIfTI) turns x and y around. A procedural volume's world is its grid.
std::array<double, 12> Sources::mesh_world(const DemoState& s) const {
    const LoadedVolume* v = shown(s);
    std::array<double, 12> to_world = v ? v->volume.to_world : kIdentityToWorld;
    if (v && v->volume.space == "RAS")
        for (std::size_t i = 0; i < 8; ++i) to_world[i] = -to_world[i];
    return to_world;
}

void Sources::set_samples(std::vector<std::pair<std::string, std::string>> samples) {
    if (samples.size() > 16) samples.resize(16);
    samples_ = std::move(samples);
}

}  // namespace hp

namespace hp {

const std::vector<LabelInfo>* Sources::labels(const DemoState& s) const {
    const LoadedVolume* v = shown(s);
    if (!v) return nullptr;
    if (!loaded_->labels_counted) {
        loaded_->labels_counted = true;
        if (count_labels(loaded_->volume.values, &loaded_->labels, &loaded_->labels_why))
            name_labels(loaded_->table, &loaded_->labels);
        else
            loaded_->labels.clear();
        if (loaded_->labels_why.empty() && loaded_->labels.empty())
            loaded_->labels_why = "this volume holds only 0: no label to mesh";
        ++loaded_->labels_revision;
    }
    return loaded_->labels_why.empty() ? &loaded_->labels : nullptr;
}

std::string Sources::labels_refused(const DemoState& s) const {
    if (!shown(s)) return "classify=labels needs a label map: load a segmentation (whole-number labels) first";
    if (labels(s)) return std::string();
    return "classify=labels: " + loaded_->labels_why;
}

bool Sources::set_label_table(const std::uint8_t* data, std::size_t size, const std::string& name, std::string* error) {
    if (!loaded_) return *error = "a label table needs its volume: load the label map first", false;
    LabelTable t;
    if (!parse_label_table(data, size, name, &t, error)) return false;
    if (t.entries.empty()) return *error = name + ": the table names no label", false;
    const bool colours_only = std::all_of(t.entries.begin(), t.entries.end(), [](const LabelEntry& e) { return e.name.empty(); });
    if (colours_only && !loaded_->table.entries.empty())
        merge_label_tables(&loaded_->table, t);  // a .lut beside the names
    else
        loaded_->table = std::move(t);
    if (loaded_->labels_counted) name_labels(loaded_->table, &loaded_->labels);
    ++loaded_->labels_revision;
    return true;
}

void Sources::show_labels(const std::vector<float>& values) {
    if (!loaded_) return;
    std::vector<float> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    for (LabelInfo& l : loaded_->labels)
        l.shown = values.empty() || std::binary_search(sorted.begin(), sorted.end(), l.value);
    ++loaded_->labels_revision;
}

}  // namespace hp

#include "sources.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "png_volume.h"
#include "volume_decode.h"

namespace hp {
namespace {

// The preview of a volume past one atlas: every f-th voxel along each axis from the first (⌊n/f⌋
// of them, two at least), in the stored type (voxel j of the preview is voxel f·j of the volume,
// its world the same).
std::array<int, 3> preview_dims(const std::array<int, 3>& d, int f) {
    return {std::max(2, d[0] / f), std::max(2, d[1] / f), std::max(2, d[2] / f)};
}

Volume preview_of(const Volume& v, int f) {
    Volume p;
    p.dims = preview_dims(v.dims, f);
    for (std::size_t a = 0; a < 3; ++a) p.spacing[a] = v.spacing[a] * f;
    p.to_world = v.to_world;
    for (std::size_t r = 0; r < 3; ++r)
        for (std::size_t c = 0; c < 3; ++c) p.to_world[4 * r + c] *= f;
    p.values = VoxelValues(v.values.type(), p.count(), v.values.scaling());
    const std::size_t e = std::size_t(stored_size(v.values.type()));
    const std::uint8_t* from = v.values.bytes();
    std::uint8_t* to = p.values.bytes();
    const std::size_t X = std::size_t(v.dims[0]), XY = X * std::size_t(v.dims[1]);
    for (int z = 0; z < p.dims[2]; ++z)
        for (int y = 0; y < p.dims[1]; ++y)
            for (int x = 0; x < p.dims[0]; ++x, to += e)
                std::copy_n(from + (std::size_t(z) * std::size_t(f) * XY + std::size_t(y) * std::size_t(f) * X + std::size_t(x) * std::size_t(f)) * e, e, to);
    p.lo = v.lo, p.hi = v.hi;  // iso's range stays the volume's
    p.space = v.space, p.file = v.file, p.type = v.type;
    return p;
}

}  // namespace

bool Sources::begin_volume(Volume header, const StoredSpec& stored, const AtlasLimit& limit, std::string* error,
                           bool zeroed) {
    arriving_.reset();
    const std::uint64_t count = std::uint64_t(header.dims[0]) * std::uint64_t(header.dims[1]) * std::uint64_t(header.dims[2]);
    if (header.dims[0] < 2 || header.dims[1] < 2 || header.dims[2] < 2)
        return *error = "a volume needs at least 2 voxels along each axis", false;
    const std::string size = std::to_string(header.dims[0]) + "×" + std::to_string(header.dims[1]) + "×" +
                             std::to_string(header.dims[2]);
    const std::uint64_t bytes = count * std::uint64_t(stored_size(stored.type));
    if (count > kMaxBrickedVoxels || (count > kMaxVolumeVoxels && bytes > kMaxBrickedBytes))
        return *error = "it is " + size + " (" + std::to_string(bytes >> 20) + " MiB as " + stored_name(stored.type) +
                        "), past the " + std::to_string(kMaxBrickedBytes >> 20) + " MiB of values the page holds", false;
    LoadedVolume v;
    // Past one atlas: the atlas a preview of every f-th voxel (f the least whose preview holds
    // at most kMaxPreviewVoxels and fits the atlas), the surface from the volume in bricks.
    const auto preview = [&](int f) { return preview_dims(header.dims, f); };
    const auto voxels = [](const std::array<int, 3>& d) { return std::uint64_t(d[0]) * std::uint64_t(d[1]) * std::uint64_t(d[2]); };
    if (count > kMaxVolumeVoxels) {
        std::string why;
        for (v.preview_factor = 2; v.preview_factor <= 64; ++v.preview_factor)
            if (voxels(preview(v.preview_factor)) <= kMaxPreviewVoxels && volume_layout(preview(v.preview_factor), limit, &v.layout, &why))
                break;
        if (v.preview_factor > 64) return *error = "a " + size + " volume opens in bricks with a preview, and none fits: " + why, false;
    } else if (!volume_layout(header.dims, limit, &v.layout, error)) {
        return false;
    }
    v.volume = std::move(header);
    v.volume.values = VoxelValues(stored.type, std::size_t(count), stored.scaling, zeroed);
    in_order_ = InOrder{0, {}, BrickGridRows(v.volume.dims, kBrickCells)};
    arriving_ = std::move(v);
    return true;
}

void Sources::arrived(std::uint64_t at, std::uint64_t n) {
    if (!arriving_ || !in_order_) return;
    const VoxelValues& values = arriving_->volume.values;
    if (at != in_order_->values || at + n > values.size()) return in_order_.reset();  // taken at the end
    count_stored(values, std::size_t(at), std::size_t(n), &in_order_->counts);
    in_order_->values += n;
    in_order_->rows.arrived(values, in_order_->values);
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
    std::optional<InOrder> took = std::move(in_order_);
    in_order_.reset();
    if (took && !took->rows.done()) took.reset();  // out of order or short: read here
    const std::uint64_t replaced = meta.replaced;  // by the reader: the values are finite now
    meta.replaced = 0;
    std::vector<std::uint32_t> bins;
    if (took && !took->counts.empty()) {  // 8 and 16 bits, counted as they came: all finite
        bins = histogram_of_counts(&meta, took->counts, 96);
    } else {
        if (!volume::finite_values(&meta, error)) return false;
        bins = value_histogram(meta, 96);
    }
    if (took && meta.replaced == 0) v.bricks = std::move(took->rows.grid());  // no value changed since
    meta.replaced += replaced;  // a streamed file's are replaced here (volume_stream.h)
    v.volume = std::move(meta);
    v.name = name;
    v.presets = std::move(presets);
    if (v.presets.empty()) v.presets = iso_presets(v.volume);
    for (std::uint32_t count : bins) v.histogram.push_back(std::log1p(float(count)));
    v.source = Source::File;
    open(std::move(v), pending);
    return true;
}

bool Sources::end_volume(const std::string& name, std::vector<DicomSeriesInfo> series, const std::string& shown,
                         DemoState* pending, std::string* error) {
    if (!arriving_) return *error = "no volume is arriving", false;
    LoadedVolume v = std::move(*arriving_);
    arriving_.reset();
    in_order_.reset();  // a series's slices come in any order: taken here
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
    if (v.preview_factor > 1) {
        v.preview = preview_of(v.volume, v.preview_factor);
        v.volume.notes.push_back("past one atlas: meshed at full resolution in bricks; the atlas views show " +
                                 every_fth_voxel(v.preview_factor));
    }
    if (v.bricks.lo.empty()) v.bricks = brick_grid(v.volume.values, v.volume.dims, kBrickCells);  // else made on arrival
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

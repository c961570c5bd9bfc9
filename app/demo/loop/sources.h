// What the demo can show: the procedural fields, and the one volume loaded last, whatever it
// was read from (a volume file, a sample, a PNG slice atlas: all read into a Volume by the core
// readers). A load decides everything that comes with a volume in one place: its layout, its
// iso presets and the iso it opens at, its histogram. Each source keeps its own iso while
// another is shown. Nothing here knows the GPU: the GPU host uploads what this holds.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "atlas_layout.h"
#include "brick_grid.h"
#include "demo_state.h"
#include "label_set.h"
#include "loaded_volume.h"
#include "volume_meta.h"
#include "shell_cache.h"
#include "png_atlas.h"
#include "volume_atlas.h"
#include "volume_file.h"

namespace hp {

class Sources {
public:
    // A PNG slice atlas read (tile 0: the overlay's tile), not yet shown: the app checks its
    // atlas against the modes in use first, then open()s it (`pending` gets source=png, its iso).
    bool read_png(const std::uint8_t* data, std::size_t size, int tile, int max_texture_size, LoadedVolume* out,
                  std::string* error) const;
    void open(LoadedVolume v, DemoState* pending);
    // A volume decoded elsewhere, in the page's workers (a volume file by the core readers, a
    // DICOM series by GDCM), that arrives in parts: begin_volume checks `header`'s dims against
    // kMaxVolumeVoxels and `limit` and allocates its values in their stored type (`stored`: the
    // one full-size copy; nothing else is held for it), which the page fills (arriving_bytes(),
    // x fastest). end_file then
    // opens a file with its description (`meta`: all but the values, volume_meta.h) at its first
    // preset (`presets`, those the page knows of a sample; else the reader's
    // guess); end_volume a DICOM series with its series. Each decides the range, presets and
    // histogram; false with a message, what was loaded staying. arrived(at, n): values [at, at
    // + n) are in; while they come in order, their counts and brick ranges are taken as they
    // come (the page waits on the file's reads meanwhile), and end_file does not read them again.
    // Not `zeroed`: the caller writes every value (a file's parts; end_file's caller checks).
    bool begin_volume(Volume header, const StoredSpec& stored, const AtlasLimit& limit, std::string* error,
                      bool zeroed = true);
    std::uint8_t* arriving_bytes() { return arriving_ ? arriving_->volume.values.bytes() : nullptr; }
    void arrived(std::uint64_t at, std::uint64_t n);
    bool end_file(Volume meta, const StoredSpec& stored, const std::string& name, std::vector<IsoPreset> presets,
                  DemoState* pending, std::string* error);
    bool end_volume(const std::string& name, std::vector<DicomSeriesInfo> series, const std::string& shown,
                    DemoState* pending, std::string* error);
    void drop_arriving() { arriving_.reset(), in_order_.reset(); }

    const LoadedVolume* loaded() const { return loaded_ ? &*loaded_ : nullptr; }
    // classify=labels: the shown volume's labels (counted once), null where `s` shows none or
    // it is no label map; labels_refused says why then ("" where it is one).
    const std::vector<LabelInfo>* labels(const DemoState& s) const;
    std::string labels_refused(const DemoState& s) const;
    // A table given with the loaded volume (its names and colours replace those it had).
    bool set_label_table(const std::uint8_t* data, std::size_t size, const std::string& name, std::string* error);
    // Which labels are shown (and exported): those listed; all where `values` is empty.
    void show_labels(const std::vector<float>& values);
    // The loaded volume where `s` shows it (source=png or file, as it was loaded), else null.
    const LoadedVolume* shown(const DemoState& s) const;
    // ... or, with a shell asked (shell > 0, classify=surface), its shell (shell_cache.h), made the
    // first time it is asked for: the values the GPU and the mesh files read. Asked with the
    // frame's state only (another state would make another shell).
    const LoadedVolume* values_shown(const DemoState& s) const;
    const ShellCache& shell() const { return shell_; }
    bool can_show(Source s) const { return is_procedural(s) || (loaded_ && loaded_->source == s); }

    // Changes `pending`'s source and brings back the iso that source had.
    void choose(Source s, DemoState* pending);
    // The iso a source comes back with; keep_iso(s): s's source keeps s's iso while another is shown.
    float iso_of(Source s) const { return iso_of_source_[std::size_t(s)]; }
    void keep_iso(const DemoState& s) { iso_of_source_[std::size_t(s.source)] = s.iso; }

    AtlasLayout layout_for(const DemoState& s) const;
    std::array<float, 2> range_of(const DemoState& s) const;   // iso's range
    std::array<float, 3> scale_of(const DemoState& s) const;   // a voxel's proportions (the 3D view)
    // Voxel index → the mesh files' world (mm, LPS): a file's frame, a procedural volume's grid.
    std::array<double, 12> mesh_world(const DemoState& s) const;

    int& png_tile() { return png_tile_; }
    // What the page offers to load ("name<TAB>label" lines, web/main.js).
    void set_samples(std::vector<std::pair<std::string, std::string>> samples);  // (name, label), 16 at most
    const std::vector<std::pair<std::string, std::string>>& samples() const { return samples_; }

private:
    mutable std::optional<LoadedVolume> loaded_;  // mutable: its labels are counted when first asked
    mutable ShellCache shell_;                     // ... and its shell made
    std::optional<LoadedVolume> arriving_;  // begun, not yet ended
    struct InOrder {                        // what arrived() takes while the values come in order
        std::uint64_t values = 0;           // the first `values` are in
        std::vector<std::uint32_t> counts;  // by stored value (count_stored), 8 and 16 bits
        BrickGridRows rows;
    };
    std::optional<InOrder> in_order_;
    std::uint64_t loads_ = 0;
    std::array<float, kSourceNames.size()> iso_of_source_ = [] {
        std::array<float, kSourceNames.size()> a{};
        a.fill(DemoState().iso);
        return a;
    }();
    int png_tile_ = kDefaultPngTile;
    std::vector<std::pair<std::string, std::string>> samples_;
};

}  // namespace hp

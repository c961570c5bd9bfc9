// A volume as the page holds it once loaded (sources.h): its values and what comes with them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "atlas_layout.h"
#include "brick_grid.h"
#include "demo_state.h"
#include "dicom_series.h"
#include "label_set.h"
#include "label_table.h"
#include "volume_file.h"

namespace hp {

// A volume as loaded: the values, the atlas that holds them, and what the page shows with it.
struct LoadedVolume {
    Volume volume;
    AtlasLayout layout;  // the atlas's: the volume's, or its preview's
    // A volume past one atlas (kMaxVolumeVoxels): the atlas holds every `preview_factor`-th voxel
    // along each axis (`preview`, in the stored type), the surface is made from `volume` in bricks.
    int preview_factor = 1;
    Volume preview;
    const Volume& atlas_volume() const { return preview_factor > 1 ? preview : volume; }
    std::string name;                  // the file's name ("" when none was given)
    std::vector<IsoPreset> presets;    // the first is the iso it opens at
    std::vector<float> histogram;      // log(1 + count) over its range (the iso control)
    BrickGrid bricks;                  // its bricks' ranges (brick_grid.h), made as it opens
    Source source = Source::File;      // the source that shows it: png or file
    std::uint64_t generation = 0;      // counts loads: what the GPU host uploaded is compared with it
    // A DICOM folder's series (the largest first) and the one this is; empty for other files.
    std::vector<DicomSeriesInfo> series;
    std::string series_shown;
    // classify=labels (label_set.h): the table the labels are named from (the file's own, a
    // .seg.nrrd's, or one given with it), and the labels, counted the first time they are asked
    // for (a scan need not pay for it); `labels_why` where the volume is no label map.
    LabelTable table;
    std::vector<LabelInfo> labels;
    std::string labels_why;
    bool labels_counted = false;
    std::uint64_t labels_revision = 0;  // names, colours or what is shown changed: the mesh's parts
};

}  // namespace hp

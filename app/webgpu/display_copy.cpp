#include "display_copy.h"

#include <algorithm>

namespace hp::wgpu {

void DisplayCopy::issue(const DisplaySources& from) {
    if (rows_ <= 0 || stream_) return;
    const int s = layout_.atlas;
    if (volume_) atlas_ = read(from.atlas, 0, 4 * s * layout_.volume_rows());
    if (volume_ && from.levels) levels_ = read(from.levels, 0, int(4 * from.level_words));
    if (volume_ && from.tiles) tiles_ = read(from.tiles, 4.0 * from.tile_first, int(4 * from.tile_words));
    stream_ = read(from.stream, 0, int(16 * std::min<std::int64_t>(std::int64_t(s) * rows_, keys_)));
    level_words_ = from.level_words;
    tile_words_ = from.tiles ? from.tile_words : 0;
    tile_size_ = from.tile_size;
    tile_posts_ = from.tile_posts;
    rows_issued_ = rows_;
    volume_issued_ = volume_;
}

bool DisplayCopy::take(ComputeDisplay* out, int stream_rows, bool volume) {
    rows_ = layout_.atlas > kMaxGlAtlas ? 0 : std::max(0, std::min(stream_rows, layout_.atlas));
    volume_ = volume;
    if (!stream_) return false;
    bool failed = false;
    for (const Ticket* t : {&atlas_, &levels_, &stream_, &tiles_}) {
        if (!*t) continue;
        const int state = t->state();
        if (state == 0) return false;
        failed = failed || state < 0;
    }
    const int s = layout_.atlas;
    out->atlas.assign(atlas_ && !failed ? std::size_t(s) * layout_.volume_rows() : 0, 0.0f);
    out->levels.assign(levels_ && !failed ? level_words_ : 0, 0u);
    out->tiles.assign(tiles_ && !failed ? tile_words_ : 0, 0u);
    out->tile_size = tile_size_;
    out->tile_posts = tile_posts_;
    out->stream_rows = failed ? 0 : rows_issued_;
    out->stream.assign(std::size_t(s) * std::size_t(out->stream_rows) * 4, 0.0f);
    atlas_.take(out->atlas.data(), int(out->atlas.size() * 4));
    levels_.take(out->levels.data(), int(out->levels.size() * 4));
    stream_.take(out->stream.data(), int(out->stream.size() * 4));
    tiles_.take(out->tiles.data(), int(out->tiles.size() * 4));
    return !failed;
}

}  // namespace hp::wgpu
